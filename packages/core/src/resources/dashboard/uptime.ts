// The dashboard's Status tab (console-screens §7): Uptime-Kuma's status page and heartbeats, as the
// server relays them, read into monitor cards — groups of monitors, each with its 24 h uptime and a
// strip of its last 50 beats. Every face renders these; the rules live here.
import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';

/** How many beats a monitor's strip shows (padded at the start when there are fewer). */
export const UPTIME_STRIP_BEATS = 50;

const tagSchema = z.looseObject({
  name: z.string().default(''),
  color: z.string().nullish(),
  value: z.string().nullish(),
});
const monitorSchema = z.looseObject({
  id: z.number().int(),
  name: z.string().default(''),
  tags: z.array(tagSchema).nullish(),
});
const groupSchema = z.looseObject({
  id: z.number().int().optional(),
  name: z.string().default(''),
  monitorList: z.array(monitorSchema).default([]),
});
/** `GET /api/user/dashboard/uptimekuma/status-page`: the page's groups of monitors. */
export const uptimeStatusPageSchema = z.looseObject({
  publicGroupList: z.array(groupSchema).default([]),
});
const heartbeatSchema = z.looseObject({
  status: z.number().int(),
  time: z.string().default(''),
  msg: z.string().nullish(),
});
/** `…/status-page/heartbeat`: beats per monitor id, and uptimes keyed `<id>_24` (0–1). */
export const uptimeHeartbeatsSchema = z.looseObject({
  heartbeatList: z.record(z.string(), z.array(heartbeatSchema)).default({}),
  uptimeList: z.record(z.string(), z.number()).default({}),
});

export type UptimeBeatKind = 'up' | 'warn' | 'down' | 'none';
export interface UptimeBeat {
  kind: UptimeBeatKind;
  /** Uptime-Kuma's time (UTC), shown in UTC+8 as one-hub does; '' for padding. */
  time: string;
}
export interface UptimeMonitor {
  id: number;
  name: string;
  tags: { name: string; color: string; value: string }[];
  /** Percent over 24 h, or undefined when Uptime-Kuma has none yet. */
  uptime: number | undefined;
  beats: UptimeBeat[];
}
export interface UptimeGroup {
  name: string;
  monitors: UptimeMonitor[];
}

/** Uptime-Kuma's status codes: 1 up, 0 down, 2 pending and 3 maintenance count as a warning. */
export function beatKind(status: number): UptimeBeatKind {
  if (status === 1) return 'up';
  if (status === 0) return 'down';
  return 'warn';
}

/** The colour of a 24 h uptime: ≥ 90 % green, 70–90 % amber, below red. */
export function uptimeIntent(percent: number): 'success' | 'warning' | 'danger' {
  if (percent >= 90) return 'success';
  if (percent >= 70) return 'warning';
  return 'danger';
}

/** `2026-11-26 10:00:00.000` (UTC) as `2026-11-26 18:00:00` in UTC+8; unreadable times as given. */
export function beatTimeUtc8(time: string): string {
  const at = Date.parse(`${time.trim().replace(' ', 'T')}Z`);
  if (Number.isNaN(at)) return time;
  return new Date(at + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The page's groups with each monitor's uptime and its last 50 beats, oldest first, padded at the start. */
export function uptimeGroups(
  page: z.output<typeof uptimeStatusPageSchema>,
  beats: z.output<typeof uptimeHeartbeatsSchema>,
): UptimeGroup[] {
  return page.publicGroupList.map((group) => ({
    name: group.name,
    monitors: group.monitorList.map((monitor) => {
      const list = (beats.heartbeatList[String(monitor.id)] ?? []).slice(-UPTIME_STRIP_BEATS);
      const padding: UptimeBeat[] = Array.from({ length: UPTIME_STRIP_BEATS - list.length }, () => ({
        kind: 'none',
        time: '',
      }));
      const ratio = beats.uptimeList[`${monitor.id}_24`];
      return {
        id: monitor.id,
        name: monitor.name,
        tags: (monitor.tags ?? []).map((tag) => ({
          name: tag.name,
          color: tag.color ?? '',
          value: tag.value ?? '',
        })),
        uptime: ratio === undefined ? undefined : Math.round(ratio * 10_000) / 100,
        beats: [...padding, ...list.map((beat) => ({ kind: beatKind(beat.status), time: beat.time }))],
      };
    }),
  }));
}

/** Both proxied replies, read into groups. */
export async function getUptimeGroups(client: ApiClient): Promise<UptimeGroup[]> {
  const [page, beats] = await Promise.all([
    client.requestUnwrapped('GET', '/api/user/dashboard/uptimekuma/status-page', uptimeStatusPageSchema),
    client.requestUnwrapped(
      'GET',
      '/api/user/dashboard/uptimekuma/status-page/heartbeat',
      uptimeHeartbeatsSchema,
    ),
  ]);
  return uptimeGroups(page, beats);
}
