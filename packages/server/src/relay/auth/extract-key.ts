// Pulls the API key out of a relay request (behaviour spec §3.1): the header each surface reads,
// then `Bearer ` and `sk-` stripped, then the admin channel-pinning suffix split off (§3.4).
import { type RelayAuthResult, relayRefusal } from './refusal.js';

/** The API families whose clients send the key in different places. */
export type RelaySurface = 'openai' | 'claude' | 'gemini' | 'midjourney';

/** The channel-pinning suffix as written after the key: `#<id>`, `#!<id>` or `#<id>#ignore`. */
export interface KeyPinSuffix {
  /** `force` pins the channel, `exclude` (`#!`) keeps it out of the selection. */
  mode: 'force' | 'exclude';
  /** The channel id as written (validated by pinning.ts). */
  channel: string;
  /** `#ignore`: route normally on relay routes, the pin only serves the pass-through routes. */
  ignore: boolean;
}

/** What a relay request carries: the key (no `Bearer `, no `sk-`) and its optional pin suffix. */
export interface ExtractedKey {
  key: string;
  pin: KeyPinSuffix | undefined;
}

/** The request parts the key can come from; header names are lower case (as Node gives them). */
export interface KeySources {
  headers: Record<string, string | string[] | undefined>;
  query?: Record<string, unknown>;
}

/** Shortest string accepted after stripping the prefixes (a legacy key is 48 characters). */
export const MIN_RELAY_KEY_LENGTH = 48;
const WEBSOCKET_KEY_PROTOCOL = 'openai-insecure-api-key.';

/** Extracts the key of a relay request, or refuses it with 401 "invalid token". */
export function extractRelayKey(surface: RelaySurface, sources: KeySources): RelayAuthResult<ExtractedKey> {
  const raw = rawKey(surface, sources);
  const stripped = stripPrefix(stripPrefix(raw, 'Bearer '), 'sk-');
  if (stripped.length < MIN_RELAY_KEY_LENGTH) return relayRefusal(401, 'relay.key.invalid');
  const [key = '', pinPart, suffix] = stripped.split('#');
  return { ok: true, key, pin: pinPart === undefined ? undefined : pinSuffix(pinPart, suffix) };
}

function rawKey(surface: RelaySurface, { headers, query }: KeySources): string {
  const authorization = header(headers, 'authorization');
  switch (surface) {
    case 'claude':
      return header(headers, 'x-api-key') || authorization;
    case 'gemini': {
      const queryKey = typeof query?.key === 'string' ? query.key : '';
      return header(headers, 'x-goog-api-key') || queryKey || authorization;
    }
    case 'midjourney':
      return header(headers, 'mj-api-secret');
    default:
      return authorization || websocketKey(headers);
  }
}

// Browsers cannot set headers on a WebSocket, so the OpenAI realtime clients send the key as a subprotocol.
function websocketKey(headers: KeySources['headers']): string {
  if (header(headers, 'upgrade').toLowerCase() !== 'websocket') return '';
  const protocols = header(headers, 'sec-websocket-protocol').split(',');
  const entry = protocols.map((p) => p.trim()).find((p) => p.startsWith(WEBSOCKET_KEY_PROTOCOL));
  return entry ? entry.slice(WEBSOCKET_KEY_PROTOCOL.length) : '';
}

function header(headers: KeySources['headers'], name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

function stripPrefix(value: string, prefix: string): string {
  return value.startsWith(prefix) ? value.slice(prefix.length) : value;
}

function pinSuffix(pinPart: string, suffix: string | undefined): KeyPinSuffix {
  const exclude = pinPart.startsWith('!');
  return {
    mode: exclude ? 'exclude' : 'force',
    channel: exclude ? pinPart.slice(1) : pinPart,
    ignore: suffix === 'ignore',
  };
}
