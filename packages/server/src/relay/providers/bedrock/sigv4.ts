// AWS Signature Version 4 (header signing), written against AWS's published description and checked
// against its test suite vectors (sigv4.test.ts): canonical request → string to sign → HMAC chain of
// date, region, service and "aws4_request" → signature. Non-S3 services: every path segment of the
// (already escaped) URL path is URI-encoded once more, as AWS's SDKs do.
import { createHash, createHmac } from 'node:crypto';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** What is signed: the request as it goes out. */
export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to sign besides host and x-amz-date (the names are lower-cased for signing). */
  headers: Readonly<Record<string, string>>;
  /** Hex SHA-256 of the body. */
  payloadHash: string;
  /** The path as written on the wire, when it is not the URL's (escaped) pathname. */
  path?: string;
}

export const EMPTY_PAYLOAD_HASH = createHash('sha256').update('').digest('hex');

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** RFC 3986 encoding: unreserved characters kept, everything else %XX (upper-case hex). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Each segment of the escaped path encoded again (non-S3 rule); an empty path is "/". */
export function canonicalPath(pathname: string): string {
  if (pathname === '' || pathname === '/') return '/';
  return pathname
    .split('/')
    .map((segment) => uriEncode(segment))
    .join('/');
}

/** Query pairs sorted by encoded name then value, each side RFC 3986 encoded. */
export function canonicalQuery(params: URLSearchParams): string {
  return [...params.entries()]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** `20150830T123600Z` for a time. */
export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** The signing key: HMAC chain over the date, region, service and "aws4_request". */
export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

export interface SigV4Parts {
  canonicalRequest: string;
  stringToSign: string;
  signedHeaders: string;
  signature: string;
  authorization: string;
}

/**
 * Signs a request whose headers already include `x-amz-date` (and `x-amz-security-token` when a session
 * is used): returns the canonical forms and the Authorization header value.
 */
export function signParts(
  request: SigV4Request,
  credentials: AwsCredentials,
  region: string,
  service: string,
): SigV4Parts {
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(request.headers)) {
    headers.set(name.toLowerCase(), value.trim().replace(/\s+/g, ' '));
  }
  headers.set('host', request.url.host);
  const date = headers.get('x-amz-date');
  if (!date) throw new Error('x-amz-date is required to sign');
  const names = [...headers.keys()].sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath(request.path ?? request.url.pathname),
    canonicalQuery(request.url.searchParams),
    `${names.map((name) => `${name}:${headers.get(name)}`).join('\n')}\n`,
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const day = date.slice(0, 8);
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, day, region, service))
    .update(stringToSign)
    .digest('hex');
  const authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { canonicalRequest, stringToSign, signedHeaders, signature, authorization };
}

/**
 * The headers to send for a request signed now: the given ones plus x-amz-content-sha256, x-amz-date,
 * x-amz-security-token
 * (with a session) and Authorization. `host` is left to the HTTP client, which sends the URL's host.
 */
export function signedHeaders(
  method: string,
  url: string,
  headers: Readonly<Record<string, string>>,
  body: string | Uint8Array,
  credentials: AwsCredentials,
  region: string,
  service: string,
  now = new Date(),
): Record<string, string> {
  const payloadHash = sha256Hex(body);
  // x-amz-content-sha256 is sent and signed as AWS's SDK signers do.
  const out: Record<string, string> = {
    ...headers,
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': amzDate(now),
  };
  if (credentials.sessionToken) out['x-amz-security-token'] = credentials.sessionToken;
  const parts = signParts(
    { method, url: new URL(url), headers: out, payloadHash },
    credentials,
    region,
    service,
  );
  out.authorization = parts.authorization;
  return out;
}
