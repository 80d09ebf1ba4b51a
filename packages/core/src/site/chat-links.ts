// The chat links (console-screens §0.6, C.2): the site's `chat_links` list or the built-in four, the
// legacy single `chat_link` replacing the first one's address, and their URL templates filled with a
// token's key and the server's address. The token screen's menus and the dashboard's quick start use it.

/** One chat link as the `ChatLinks` option stores it. */
export interface ChatLink {
  name: string;
  /** A template: `{key}`, `{server}` and `base64<[…]>` are filled by fillChatLink. */
  url: string;
  /** Shown in the playground's tabs. */
  show: boolean;
  /** Higher first. */
  sort: number;
}

const SETTINGS = '/#/?settings={"key":"{key}","url":"{server}"}';

/** The built-in links, used while the site's list is empty (C.2). */
export const DEFAULT_CHAT_LINKS: readonly ChatLink[] = [
  { name: 'ChatGPT Next', url: `https://app.nextchat.dev${SETTINGS}`, show: true, sort: 1 },
  { name: 'chatgpt-web-midjourney-proxy', url: `https://vercel.ddaiai.com${SETTINGS}`, show: true, sort: 2 },
  { name: 'AMA 问天', url: 'ama://set-api-key?server={server}&key={key}', show: false, sort: 3 },
  { name: 'OpenCat', url: 'opencat://team/join?domain={server}&token={key}', show: false, sort: 4 },
];

function readList(text: string): ChatLink[] {
  if (text.trim() === '') return [];
  try {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) return [];
    return list.flatMap((entry) => {
      if (typeof entry !== 'object' || entry === null) return [];
      const { name, url, show, sort } = entry as Record<string, unknown>;
      if (typeof name !== 'string' || typeof url !== 'string' || !name.trim() || !url.trim()) return [];
      return [{ name, url, show: show === true, sort: typeof sort === 'number' ? sort : 0 }];
    });
  } catch {
    // A list the settings screen would refuse never reaches here; an unreadable one falls back.
    return [];
  }
}

/**
 * The site's chat links, highest `sort` first: its `chat_links` list, or the built-ins when that is
 * empty, where a legacy `chat_link` replaces ChatGPT Next's address (its settings part kept).
 */
export function chatLinksOf(site: { chat_links?: string; chat_link?: string }): ChatLink[] {
  const own = readList(site.chat_links ?? '');
  const legacy = (site.chat_link ?? '').trim().replace(/\/+$/, '');
  const list =
    own.length > 0
      ? own
      : DEFAULT_CHAT_LINKS.map((link) =>
          legacy && link.name === 'ChatGPT Next' ? { ...link, url: `${legacy}${SETTINGS}` } : { ...link },
        );
  return list.sort((a, b) => b.sort - a.sort);
}

/** Base64 of a text's UTF-8 bytes. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * A link's address for a key: `{key}` → `sk-<key>`, `{server}` → the URL-encoded server address, and
 * the contents of `base64<[…]>` filled and then base64-encoded.
 */
export function fillChatLink(template: string, key: string, server: string): string {
  const fill = (text: string) =>
    text
      .replaceAll('{key}', key.startsWith('sk-') ? key : `sk-${key}`)
      .replaceAll('{server}', encodeURIComponent(server));
  return fill(template.replace(/base64<\[(.*?)\]>/g, (_, inner: string) => base64(fill(inner))));
}

/** A web link (opened in a tab) as against an app's deep link (`ama://…`). */
export function isWebChatLink(link: ChatLink): boolean {
  return /^https?:\/\//i.test(link.url);
}
