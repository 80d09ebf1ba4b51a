// Group promotion (contract §2.8), composed above the users, user-groups and redemptions resources:
// after a credit, a user whose cumulative top-ups reach a promotion group's range moves into it.
import { DEFAULT_QUOTA_PER_UNIT, Money } from '@gw/core';
import type { GwDb } from './db/database.js';
import type { OptionStore } from './shared/context.js';

const ENABLED = 1;

/** Promotes a user after a credit; the highest matching `min` wins, and nothing changes when none match. */
export function createGroupPromotion(db: GwDb, options: OptionStore) {
  return async function promoteAfterCredit(userId: number): Promise<void> {
    const user = await db
      .selectFrom('users')
      .select(['quota', 'used_quota', 'group'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return;
    const groups = await db
      .selectFrom('user_groups')
      .select(['symbol', 'min', 'max'])
      .where('enable', '=', ENABLED)
      .where('promotion', '=', ENABLED)
      .execute();
    // A group the operator set by hand (neither `default` nor a promotion group) is not overridden.
    const promotable = user.group === 'default' || groups.some((group) => group.symbol === user.group);
    if (!promotable) return;
    const perUnit = Number(await options.get('QuotaPerUnit')) || DEFAULT_QUOTA_PER_UNIT;
    const cumulative = new Money(user.quota).plus(user.used_quota);
    const match = groups
      .filter(
        (group) =>
          cumulative.gte(new Money(group.min).times(perUnit)) &&
          (group.max === 0 || cumulative.lt(new Money(group.max).times(perUnit))),
      )
      .sort((a, b) => b.min - a.min)[0];
    if (!match || match.symbol === user.group) return;
    await db.updateTable('users').set({ group: match.symbol }).where('id', '=', userId).execute();
  };
}
