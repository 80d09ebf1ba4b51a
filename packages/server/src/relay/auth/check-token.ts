// The token checks of behaviour spec §3.3, in order, as pure functions over the token row, its
// owner's status, the clock, the client IP and the requested model.
import { TOKEN_NEVER_EXPIRES, TOKEN_STATUS, type TokenSetting } from '@gw/core';
import { ipInWhitelist } from './ip-match.js';
import { type RelayAuthResult, relayRefusal } from './refusal.js';

/** The token row fields the checks read. */
export interface RelayTokenFacts {
  status: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  setting: Pick<TokenSetting, 'limits'>;
}

/** What the checks are given besides the token. */
export interface RelayTokenContext {
  /** The owner's account is enabled (user status 1). */
  ownerEnabled: boolean;
  /** Unix seconds. */
  now: number;
  clientIp: string;
  /** The requested model (after `#` stripping); omitted when it is not known yet. */
  model?: string;
}

/** A refusal that also tells the caller to mark the token exhausted (status 4) when Redis is off. */
export type TokenCheckResult = RelayAuthResult<object> & { markExhausted?: boolean };

/** Runs the checks in the spec's order: owner, status, expiry, quota, IP whitelist, then the model. */
export function checkRelayToken(token: RelayTokenFacts, context: RelayTokenContext): TokenCheckResult {
  if (!context.ownerEnabled) return relayRefusal(403, 'relay.user.disabled');
  if (token.status !== TOKEN_STATUS.enabled) return relayRefusal(401, statusMessageKey(token.status));
  if (token.expired_time !== TOKEN_NEVER_EXPIRES && token.expired_time < context.now) {
    return relayRefusal(401, 'relay.token.expired');
  }
  if (!token.unlimited_quota && token.remain_quota <= 0) {
    return { ...relayRefusal(401, 'relay.token.exhausted'), markExhausted: true };
  }
  const ip = checkTokenIp(token.setting, context.clientIp);
  if (!ip.ok || context.model === undefined) return ip;
  return checkTokenModel(token.setting, context.model);
}

/** Step 4: with the IP whitelist on and non-empty, the client IP must match an entry (else 403). */
export function checkTokenIp(
  setting: Pick<TokenSetting, 'limits'>,
  clientIp: string,
): RelayAuthResult<object> {
  const { enabled, whitelist } = setting.limits.limits_ip_setting;
  if (!enabled || whitelist.length === 0 || ipInWhitelist(clientIp, whitelist)) return { ok: true };
  return relayRefusal(403, 'relay.token.ip_not_allowed', { ip: clientIp });
}

/** Step 5 (run at channel selection): the model allow-list; refusals are 404. */
export function checkTokenModel(
  setting: Pick<TokenSetting, 'limits'>,
  model: string,
): RelayAuthResult<object> {
  const { enabled, models } = setting.limits.limit_model_setting;
  if (!enabled) return { ok: true };
  if (models.length === 0) return relayRefusal(404, 'relay.token.no_models');
  return models.includes(model)
    ? { ok: true }
    : relayRefusal(404, 'relay.token.model_not_allowed', { model });
}

function statusMessageKey(status: number): string {
  if (status === TOKEN_STATUS.exhausted) return 'relay.token.exhausted';
  if (status === TOKEN_STATUS.expired) return 'relay.token.expired';
  return 'relay.token.unavailable';
}
