// One reading of a typed server address for every terminal face (`--server`, GW_SERVER, the
// TUI's sign-in form), so the same text names the same server everywhere.

/** The server a face talks to when none is given (a local `gw serve`). */
export const DEFAULT_SERVER_URL = 'http://localhost:3000';

/**
 * Turns a typed server address into the base URL clients call: adds `http://` when no scheme is
 * given (`localhost:3000`), keeps a base path, and drops trailing slashes, query and fragment.
 * Undefined for empty text, text that is not a URL, or a scheme other than http and https.
 */
export function normalizeServerUrl(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  // A scheme with a slash missing (`http:/host`, `htp:/x`) is a typo, not a host named `http`: without
  // `://`, whatever follows the first colon must be a port.
  if (
    !trimmed.startsWith('[') &&
    !/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) &&
    /^[^/]*:(?!\d+(\/|$))/.test(trimmed)
  )
    return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
