// Stored user group rows → the UserGroup shape of contract §2.8 (integer flags become booleans).
import type { UserGroup } from '@gw/core';
import type { StoredUserGroup } from './user-groups.repository.js';

/** The wire UserGroup. */
export function userGroupRowToWire(row: StoredUserGroup): UserGroup {
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    ratio: Number(row.ratio),
    api_rate: row.api_rate,
    public: Boolean(row.public),
    promotion: Boolean(row.promotion),
    min: Number(row.min),
    max: Number(row.max),
    enable: Boolean(row.enable),
  };
}
