// The admin channel-pinning rule (behaviour spec §3.4): only role ≥ 10 may pin or exclude a channel.
import { isAdmin } from '@gw/core';
import type { KeyPinSuffix } from './extract-key.js';
import { type RelayAuthResult, relayRefusal } from './refusal.js';

/** How a request constrains channel selection. */
export type ChannelPinning =
  | { mode: 'none' }
  /** Use this channel only, never retried; with `ignore`, route normally (the pin serves pass-through). */
  | { mode: 'force'; channelId: number; ignore: boolean }
  | { mode: 'exclude'; channelId: number };

/**
 * Resolves a key's pin suffix for the caller's role: 403 for non-admins and for an id that is not
 * a positive integer. Whether the channel exists and is enabled is checked at selection (503).
 */
export function resolveChannelPinning(
  pin: KeyPinSuffix | undefined,
  role: number,
): RelayAuthResult<{ pinning: ChannelPinning }> {
  if (!pin) return { ok: true, pinning: { mode: 'none' } };
  if (!isAdmin(role)) return relayRefusal(403, 'relay.pinning.not_admin');
  if (!/^\d+$/.test(pin.channel) || Number(pin.channel) === 0 || !Number.isSafeInteger(Number(pin.channel))) {
    return relayRefusal(403, 'relay.pinning.invalid_channel');
  }
  const channelId = Number(pin.channel);
  return {
    ok: true,
    pinning:
      pin.mode === 'exclude'
        ? { mode: 'exclude', channelId }
        : { mode: 'force', channelId, ignore: pin.ignore },
  };
}

/** The refusal for a pinned channel that is missing (503 "invalid channel id") or disabled (503). */
export function pinnedChannelRefusal(channel: { status: number } | undefined) {
  if (!channel) return relayRefusal(503, 'relay.pinning.invalid_channel');
  return channel.status === 1 ? undefined : relayRefusal(503, 'relay.pinning.channel_disabled');
}
