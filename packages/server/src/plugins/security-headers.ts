// The security headers of every reply (issue 15): no MIME sniffing, no referrer sent off-site, no
// framing by another site, and a Content-Security-Policy — the console's admits only its own scripts
// (the built index.html has no inline script), every other reply (JSON, files) admits nothing. /api
// replies are never stored by a browser or a CDN: they carry a user's data.
import type { FastifyInstance } from 'fastify';

/** The console's policy. Site texts may embed a URL (frame-src), logos and avatars live anywhere
 * (img-src), the browser fetches operator-chosen URLs (connect-src), payment forms post to the
 * gateway (form-action); scripts come from this origin only. */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Blueprint, DOMPurify'd site HTML and the console's own components set inline styles.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "media-src 'self' data: blob: https: http:",
  // The browser itself reads what an operator points it at: the latest release (GitHub's API), a price
  // list or model-info file from any URL (one-hub's default lives on raw.githubusercontent.com), a
  // Midjourney result image to download from the upstream's host. Scripts stay this origin's only.
  "connect-src 'self' https: http:",
  'frame-src https: http:',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self' https: http:",
  "frame-ancestors 'none'",
].join('; ');

/** Anything that is not the console's HTML: nothing may run, load or frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The headers every reply carries, whatever its path. */
const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
} as const;

/** The headers of an /api reply (also written by the raw refusals of client-errors.ts). */
export const API_SECURITY_HEADERS = {
  ...COMMON_HEADERS,
  'content-security-policy': API_CSP,
  'cache-control': 'no-store',
} as const;

function isApiPath(url: string): boolean {
  return /^\/api(\/|\?|$)/.test(url);
}

/** Adds the headers to every reply, once its content type is known. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(COMMON_HEADERS);
    if (isApiPath(request.url)) {
      reply.headers(API_SECURITY_HEADERS);
      return done(null, payload);
    }
    // A 304 carries no content type, and its headers replace those of the page the browser kept.
    const type = String(reply.getHeader('content-type') ?? '');
    const page = type === '' || type.startsWith('text/html');
    reply.header('content-security-policy', page ? CONSOLE_CSP : API_CSP);
    done(null, payload);
  });
}
