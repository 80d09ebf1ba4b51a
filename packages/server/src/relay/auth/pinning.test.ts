import { describe, expect, it } from 'vitest';
import { pinnedChannelRefusal, resolveChannelPinning } from './pinning.js';

describe('resolveChannelPinning (behaviour spec §3.4)', () => {
  it('Given no pin suffix, Then any role routes normally', () => {
    expect(resolveChannelPinning(undefined, 1)).toEqual({ ok: true, pinning: { mode: 'none' } });
  });

  it('Given a common user (role 1) or a reliable one (role 3) with a pin, Then 403 "common users cannot pin"', () => {
    for (const role of [1, 3]) {
      expect(resolveChannelPinning({ mode: 'force', channel: '5', ignore: false }, role)).toEqual({
        ok: false,
        status: 403,
        messageKey: 'relay.pinning.not_admin',
      });
    }
  });

  it('Given an admin (10) or root (100), Then #<id>, #!<id> and #<id>#ignore resolve', () => {
    expect(resolveChannelPinning({ mode: 'force', channel: '5', ignore: false }, 10)).toEqual({
      ok: true,
      pinning: { mode: 'force', channelId: 5, ignore: false },
    });
    expect(resolveChannelPinning({ mode: 'exclude', channel: '9', ignore: false }, 100)).toEqual({
      ok: true,
      pinning: { mode: 'exclude', channelId: 9 },
    });
    expect(resolveChannelPinning({ mode: 'force', channel: '5', ignore: true }, 10)).toMatchObject({
      pinning: { mode: 'force', channelId: 5, ignore: true },
    });
  });

  it('Given an admin with a non-numeric, empty, negative or zero channel id, Then 403 "invalid channel id"', () => {
    for (const channel of ['abc', '', '-1', '0', '1.5']) {
      expect(resolveChannelPinning({ mode: 'force', channel, ignore: false }, 10)).toEqual({
        ok: false,
        status: 403,
        messageKey: 'relay.pinning.invalid_channel',
      });
    }
  });

  it('Given the pinned channel is missing or disabled, Then 503 with the matching message; enabled passes', () => {
    expect(pinnedChannelRefusal(undefined)).toMatchObject({
      status: 503,
      messageKey: 'relay.pinning.invalid_channel',
    });
    expect(pinnedChannelRefusal({ status: 2 })).toMatchObject({
      status: 503,
      messageKey: 'relay.pinning.channel_disabled',
    });
    expect(pinnedChannelRefusal({ status: 1 })).toBeUndefined();
  });
});
