// Stored redemption rows → the Redemption shape of contract §2.4 (`count` is request-only: 0 here).
import type { Redemption } from '@gw/core';
import type { StoredRedemption } from './redemptions.repository.js';

/** The wire Redemption (admins only see these). */
export function redemptionRowToRedemption(row: StoredRedemption): Redemption {
  return {
    id: row.id,
    user_id: row.user_id,
    key: row.key,
    status: row.status,
    name: row.name,
    quota: row.quota,
    created_time: row.created_time,
    redeemed_time: row.redeemed_time,
    count: 0,
  };
}
