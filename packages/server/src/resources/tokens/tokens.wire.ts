// Stored token rows → the Token shape of contract §2.2, with billing_tag only for role ≥ 3.
import { isReliable, type Token, type TokenSettingInput, tokenSettingSchema } from '@gw/core';
import type { StoredToken } from './tokens.repository.js';

/** Reads the stored setting text (tolerating old or broken rows). */
export function parseStoredSetting(text: string): TokenSettingInput & { billing_tag?: string } {
  try {
    return tokenSettingSchema.parse(JSON.parse(text || '{}'));
  } catch {
    return tokenSettingSchema.parse({});
  }
}

/** The wire Token as the caller may see it. */
export function tokenRowToToken(row: StoredToken, callerRole: number): Token {
  const setting = tokenSettingSchema.parse(parseStoredSetting(row.setting));
  if (!isReliable(callerRole)) delete setting.billing_tag;
  return {
    id: row.id,
    user_id: row.user_id,
    key: row.key ?? '',
    status: row.status,
    name: row.name,
    created_time: row.created_time,
    accessed_time: row.accessed_time,
    expired_time: row.expired_time,
    remain_quota: row.remain_quota,
    unlimited_quota: Boolean(row.unlimited_quota),
    used_quota: row.used_quota,
    group: row.group,
    backup_group: row.backup_group,
    setting,
  };
}
