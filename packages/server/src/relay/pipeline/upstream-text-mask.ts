// What a key holder may read of an upstream's error (issue 8, item 9). Upstream and transport messages
// name internal addresses (`connect ECONNREFUSED 10.0.0.7:443`), the upstream's host, and sometimes echo
// the channel's own key; the caller learns none of them. The full text stays in the system log, where
// admins read it next to the request id.
import type { StreamTranslator } from '../providers/provider.js';
import type { RelayChannel } from './relay-channel.js';

const MASK = '***';
const ADDRESS = '[address]';

// The shortest piece of a channel secret worth masking: shorter pieces (a region, "v1") are not secret
// and would blank out ordinary words.
const MIN_SECRET_LENGTH = 6;

const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;
const IPV4 = /(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?(?![\w.])/g;
const IPV6_BRACKETED = /\[[0-9a-f:.]*:[0-9a-f:.]*\](?::\d{1,5})?/gi;
const IPV6_FULL = /(?<![\w:])(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}(?![\w:])/gi;
// `::1`, `fe80::1`, `::ffff:10.0.0.1`: a "::" with at least one hex group beside it.
const IPV6_COMPRESSED =
  /(?<![\w:])(?:(?:[0-9a-f]{1,4}:)*[0-9a-f]{1,4}::(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?|::(?:[0-9a-f]{1,4}|ffff:[\d.]+)(?::[0-9a-f]{1,4})*)(?![\w:])/gi;
const HOST_PORT = /\b(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)+):\d{2,5}\b/gi;
// Vendor key shapes: OpenAI/Anthropic/compatible `sk-…`, Google `AIza…`, and a bearer credential.
const PREFIXED_KEY = /\b(?:sk|pk|rk|ak)-[A-Za-z0-9_-]{8,}|\bAIza[0-9A-Za-z_-]{20,}/g;
const BEARER = /\b(Bearer|Basic)\s+[^\s"',;]+/gi;
const LONG_HEX = /\b[0-9a-f]{32,}\b/gi;
// A random token: a run of base64(url) characters with an unbroken stretch of 24+ letters and digits
// holding both. Model names (`Meta-Llama-3-70B-Instruct`) break at every hyphen and are left alone.
const OPAQUE_RUN = /[A-Za-z0-9+/=_-]{24,}/g;
const OPAQUE_STRETCH = /[A-Za-z0-9+/=]{24,}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The strings of a channel that must never reach a caller: key pieces, proxy, custom header values, host. */
function channelSecrets(channel: RelayChannel): string[] {
  const upstream = channel.upstream;
  const pieces = [
    upstream.key,
    // Multi-part keys (`ak|sk|region`, one key per line) leak piece by piece as easily as whole.
    ...upstream.key.split(/[\s|,:]+/),
    channel.proxy,
    ...Object.values(upstream.headers),
  ];
  let host = '';
  try {
    host = upstream.baseUrl ? new URL(upstream.baseUrl).host : '';
  } catch {
    // an unparsable base URL is masked as a whole below
  }
  pieces.push(upstream.baseUrl, host);
  return [...new Set(pieces.map((piece) => piece.trim()))]
    .filter((piece) => piece.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
}

/** A URL stays readable only when it points at a public name that is none of the channels' hosts. */
function maskUrl(url: string, hosts: readonly string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return MASK;
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const internal =
    parsed.port !== '' ||
    parsed.username !== '' ||
    host === 'localhost' ||
    /^[\d.]+$/.test(host) ||
    host.includes(':') ||
    !host.includes('.');
  if (internal || hosts.some((known) => known.toLowerCase().includes(host))) return ADDRESS;
  return url;
}

function maskOpaqueTokens(text: string): string {
  return text.replace(OPAQUE_RUN, (run) => {
    const stretches = run.match(OPAQUE_STRETCH) ?? [];
    const random = stretches.some((stretch) => /\d/.test(stretch) && /[A-Za-z]/.test(stretch));
    return random ? MASK : run;
  });
}

/** The message with the channels' secrets and hosts, addresses and key-like strings masked. */
export function maskUpstreamText(message: string, channels: readonly RelayChannel[]): string {
  const secrets = [...new Set(channels.flatMap(channelSecrets))];
  let text = message;
  for (const secret of secrets) {
    text = text.replace(new RegExp(escapeRegExp(secret), 'gi'), MASK);
  }
  text = text.replace(URL_PATTERN, (url) => maskUrl(url, secrets));
  text = text
    .replace(BEARER, (_match, scheme: string) => `${scheme} ${MASK}`)
    .replace(PREFIXED_KEY, MASK)
    .replace(IPV6_BRACKETED, ADDRESS)
    .replace(IPV4, ADDRESS)
    .replace(IPV6_FULL, ADDRESS)
    .replace(IPV6_COMPRESSED, ADDRESS)
    .replace(HOST_PORT, ADDRESS)
    .replace(LONG_HEX, MASK);
  return maskOpaqueTokens(text);
}

/** The text fields of an error beside its message that an upstream fills and a caller reads. */
interface ErrorTextFields {
  type?: string;
  code?: string | number | null;
  param?: string | null;
}

/**
 * An attempt's error as a caller who is not an admin sees it; the gateway's own messages pass as they are.
 * Every text field is masked, not only the message: an upstream may echo the key it was sent in `param`
 * (and its `type` and `code` are its own words too).
 */
export function maskRelayError<E extends { local: boolean; message: string } & ErrorTextFields>(
  error: E,
  channels: readonly RelayChannel[],
): E {
  if (error.local) return error;
  const mask = (text: string) => maskUpstreamText(text, channels);
  const masked: E = { ...error, message: mask(error.message) };
  if (typeof error.type === 'string') masked.type = mask(error.type);
  if (typeof error.code === 'string') masked.code = mask(error.code);
  if (typeof error.param === 'string') masked.param = mask(error.param);
  return masked;
}

/**
 * A stream translator that reports its mid-stream error frame (the frames of the event that failed the
 * stream) whole, then masks it for the caller; every other frame passes untouched, so a healthy stream
 * costs two boolean checks per event.
 */
export function watchStreamFailure(
  translator: StreamTranslator,
  watch: { mask?: ((text: string) => string) | undefined; report: (frames: string) => void },
): StreamTranslator {
  const { mask, report } = watch;
  return {
    push(event) {
      const failedBefore = translator.failed();
      const frames = translator.push(event);
      if (!translator.failed()) return frames;
      if (!failedBefore) report(frames.join(''));
      return mask ? frames.map(mask) : frames;
    },
    end: (complete) => translator.end(complete),
    usage: () => translator.usage(),
    text: () => translator.text(),
    failed: () => translator.failed(),
  };
}
