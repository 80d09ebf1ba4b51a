import { describe, expect, it } from 'vitest';
import { redemptionConfig } from './chart-configs';

describe('the redemption chart', () => {
  it('Given redeemed dollars and users, then it has exactly the two titled y axes of spec §8 and flat day labels', () => {
    const config = redemptionConfig(
      { days: ['2026-11-24', '2026-11-25'], dollars: [0, 2], users: [0, 1], total: 2 },
      { dollars: 'Redeemed ($)', users: 'Users' },
    );
    // Read as plain data: Chart.js's scale types are a union that hides `title` on some members.
    const scales = (config.options?.scales ?? {}) as Record<string, { title?: unknown; ticks?: unknown }>;
    expect(Object.keys(scales).sort()).toEqual(['users', 'x', 'y']);
    expect(scales.y?.title).toMatchObject({ display: true, text: 'Redeemed ($)' });
    expect(scales.users?.title).toMatchObject({ display: true, text: 'Users' });
    expect(scales.x?.ticks).toMatchObject({ maxRotation: 0 });
    expect(config.data.datasets.map((set) => (set as { yAxisID?: string }).yAxisID)).toEqual(['y', 'users']);
  });
});
