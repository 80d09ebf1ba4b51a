// The seam between channel management and the relay: how gw talks to a channel's upstream. The relay
// issue implements ChannelProvider in one place; until then every call fails with a clear message.
import type { Channel } from '@gw/core';
import { ApiFailure } from '../../shared/api-failure.js';

/** What one upstream test call found. */
export interface ChannelTestResult {
  ok: boolean;
  /** The upstream's reason on failure (shown after "测速失败，原因："). */
  message: string;
  /** How long the call took, in seconds. */
  seconds: number;
  /** The upstream refused the credential (401/403, invalid key, no quota): auto-disable may apply. */
  authFailure?: boolean;
}

/** Calls a channel's upstream. Implementations may throw ApiFailure for refusals the caller should see. */
export interface ChannelProvider {
  /** False while no relay exists: whole-site runs refuse up front instead of failing every channel. */
  readonly available: boolean;
  /** Sends a small request of `model` through the channel. */
  test(channel: Channel, model: string): Promise<ChannelTestResult>;
  /** The upstream balance (USD for OpenAI-type upstreams). */
  balance(channel: Channel): Promise<number>;
  /** The model ids the upstream offers. */
  listModels(channel: Channel): Promise<string[]>;
}

function unavailable(): never {
  throw new ApiFailure('FAILED', 'channels.errors.provider_unavailable');
}

/** The provider until the relay is built: every call answers "not available" (i18n). */
export const UNAVAILABLE_CHANNEL_PROVIDER: ChannelProvider = Object.freeze({
  available: false,
  test: async () => unavailable(),
  balance: async () => unavailable(),
  listModels: async () => unavailable(),
});
