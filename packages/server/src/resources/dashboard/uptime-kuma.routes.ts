// The dashboard's Status tab (contract §1.4, console-screens §7): the configured Uptime-Kuma status
// page and its heartbeats, passed through as they come (one-hub proxies them the same way), so the
// browser needs no access to the monitor itself. Bounded in time and size: a slow or huge Uptime-Kuma
// cannot hold a request or the process's memory.
import type { FastifyReply } from 'fastify';
import { ApiFailure } from '../../shared/api-failure.js';
import type { OptionStore } from '../../shared/context.js';
import { type AnyRoute, defineRoute } from '../../shared/route.js';

const TAG = 'dashboard';
/** Uptime-Kuma answers from memory; ten seconds means it is down or unreachable. */
export const UPTIME_KUMA_TIMEOUT_MS = 10_000;
/** A status page with hundreds of monitors and 100 beats each stays well under this. */
const MAX_BYTES = 4 * 1024 * 1024;

async function readCapped(response: Response): Promise<Buffer> {
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new Error('reply too large');
    }
    parts.push(value);
  }
  return Buffer.concat(parts);
}

export function uptimeKumaRoutes(options: OptionStore, timeoutMs = UPTIME_KUMA_TIMEOUT_MS): AnyRoute[] {
  /** Fetches `/api/status-page/<kind><slug>` from the configured Uptime-Kuma and relays it. */
  const relay = async (kind: '' | 'heartbeat/', reply: FastifyReply) => {
    const enabled = (await options.get('UptimeEnabled')) === 'true';
    const domain = ((await options.get('UptimeDomain')) ?? '').trim().replace(/\/+$/, '');
    const page = ((await options.get('UptimePageName')) ?? '').trim();
    if (!enabled || !domain || !page) throw new ApiFailure('FAILED', 'dashboard.uptime.not_configured');
    // The time defeats caches between here and Uptime-Kuma, as one-hub's `?t=`.
    const url = `${domain}/api/status-page/${kind}${encodeURIComponent(page)}?t=${Math.floor(Date.now() / 1000)}`;
    let body: Buffer;
    let type: string;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      type = response.headers.get('content-type') ?? 'application/json';
      body = await readCapped(response);
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : String(error);
      throw new ApiFailure('FAILED', 'dashboard.uptime.unreachable', { params: { reason }, httpStatus: 502 });
    }
    void reply.type(type).send(body);
    return reply;
  };

  return [
    defineRoute({
      method: 'GET',
      url: '/api/user/dashboard/uptimekuma/status-page',
      guard: 'user',
      tag: TAG,
      summary: "The configured Uptime-Kuma status page's JSON, as Uptime-Kuma sends it (not enveloped)",
      handler: ({ reply }) => relay('', reply),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/user/dashboard/uptimekuma/status-page/heartbeat',
      guard: 'user',
      tag: TAG,
      summary: "The configured Uptime-Kuma status page's heartbeats and 24 h uptimes (not enveloped)",
      handler: ({ reply }) => relay('heartbeat/', reply),
    }),
  ];
}
