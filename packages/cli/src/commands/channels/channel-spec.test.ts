// A channel's keys as the CLI prints them without --show-key: one masked line per key (core's split).
import type { Channel } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { CHANNEL_SPEC } from './channel-spec.js';

describe('channel JSON key masking', () => {
  it('masks each key, a pretty-printed JSON key as one, and reveals them with --show-key', () => {
    const account = JSON.stringify({ type: 'service_account', private_key: 'pk-secret-value' }, null, 2);
    const channel = { id: 1, key: `sk-one-secret\n${account}` } as Channel;
    const toJson = CHANNEL_SPEC.toJson as (channel: Channel, opts: Record<string, unknown>) => Channel;
    const masked = toJson(channel, {});
    expect(masked.key.split('\n')).toEqual(['…cret', '…ue"}']);
    expect(masked.key).not.toContain('secret-value');
    expect(toJson(channel, { showKey: true }).key).toBe(channel.key);
  });
});
