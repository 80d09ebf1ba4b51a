// Where and how the Claude provider calls Anthropic: the Messages URL and the headers every call carries
// (spec §19 row "claude": `x-api-key`, `anthropic-version` from the client or 2023-06-01).
import type { ProviderCall, UpstreamChannel } from '../provider.js';

/** Anthropic's own API host, used when a channel has no base URL. */
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** The API version sent when the client named none. */
export const ANTHROPIC_DEFAULT_VERSION = '2023-06-01';

/** `<base>/v1/<path>`, the channel's base URL without trailing slashes or Anthropic's own. */
export function anthropicUrl(channel: UpstreamChannel, path: string): string {
  return `${(channel.baseUrl || ANTHROPIC_DEFAULT_BASE_URL).replace(/\/+$/, '')}${path}`;
}

/**
 * The upstream headers: the channel's extra headers over the defaults, the client's anthropic-version and
 * anthropic-beta over those (the client knows which API features its body uses), and the channel key last so
 * nothing can replace the credential.
 */
export function anthropicHeaders(
  channel: UpstreamChannel,
  clientHeaders: ProviderCall['clientHeaders'] = {},
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'anthropic-version': ANTHROPIC_DEFAULT_VERSION,
  };
  for (const [name, value] of Object.entries(channel.headers)) headers[name.toLowerCase()] = value;
  const version = clientHeaders['anthropic-version'];
  if (version) headers['anthropic-version'] = version;
  const beta = clientHeaders['anthropic-beta'];
  if (beta) headers['anthropic-beta'] = beta;
  headers['x-api-key'] = channel.key;
  return headers;
}
