import { describe, expect, it } from 'vitest';
import {
  beatTimeUtc8,
  UPTIME_STRIP_BEATS,
  uptimeGroups,
  uptimeHeartbeatsSchema,
  uptimeIntent,
  uptimeStatusPageSchema,
} from './uptime.js';

describe('uptime status (console-screens §7)', () => {
  it('colours the 24 h uptime at the 90 % and 70 % lines', () => {
    expect(uptimeIntent(100)).toBe('success');
    expect(uptimeIntent(90)).toBe('success');
    expect(uptimeIntent(89.99)).toBe('warning');
    expect(uptimeIntent(70)).toBe('warning');
    expect(uptimeIntent(69.9)).toBe('danger');
  });

  it('shows Uptime-Kuma’s UTC times in UTC+8, crossing midnight', () => {
    expect(beatTimeUtc8('2026-11-26 20:30:05.123')).toBe('2026-11-27 04:30:05');
    expect(beatTimeUtc8('not a time')).toBe('not a time');
  });

  it('reads groups with each monitor’s uptime and its last 50 beats, padded at the start', () => {
    const page = uptimeStatusPageSchema.parse({
      publicGroupList: [
        {
          name: 'APIs',
          monitorList: [
            { id: 7, name: 'OpenAI', tags: [{ name: 'prod', color: '#f00' }] },
            { id: 8, name: 'New' },
          ],
        },
      ],
    });
    const many = Array.from({ length: 60 }, (_, index) => ({
      status: index % 3,
      time: `2026-11-26 10:${String(index).padStart(2, '0')}:00`,
    }));
    const beats = uptimeHeartbeatsSchema.parse({
      heartbeatList: { 7: many, 8: [{ status: 1, time: '2026-11-26 10:00:00' }] },
      uptimeList: { '7_24': 0.98765 },
    });
    const [group] = uptimeGroups(page, beats);
    const [busy, fresh] = group?.monitors ?? [];
    expect(group?.name).toBe('APIs');
    expect(busy?.uptime).toBe(98.77);
    expect(busy?.tags).toEqual([{ name: 'prod', color: '#f00', value: '' }]);
    expect(busy?.beats).toHaveLength(UPTIME_STRIP_BEATS);
    // The newest 50 of 60: index 10 first (status 1: up), index 59 last (status 2: warn).
    expect(busy?.beats[0]).toEqual({ kind: 'up', time: '2026-11-26 10:10:00' });
    expect(busy?.beats.at(-1)?.kind).toBe('warn');
    expect(fresh?.uptime).toBeUndefined();
    expect(fresh?.beats.filter((beat) => beat.kind === 'none')).toHaveLength(49);
    expect(fresh?.beats.at(-1)).toEqual({ kind: 'up', time: '2026-11-26 10:00:00' });
  });
});
