import { describe, expect, it } from 'vitest';
import { scrubUserIds } from './tasks.schema.js';

describe('scrubUserIds', () => {
  it('drops user_id at every depth and keeps everything else', () => {
    const input = [
      { user_id: 'a', id: 1, meta: { user_id: 'b', nested: [{ user_id: 'c', ok: true }] } },
      'x',
      null,
    ];
    expect(scrubUserIds(input)).toEqual([{ id: 1, meta: { nested: [{ ok: true }] } }, 'x', null]);
    expect(input[0]).toHaveProperty('user_id', 'a');
  });
});
