// Redemption rules of contract §1.12 and §5.1: admin CRUD, all-or-nothing creation, atomic redeem.
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  LOG_TYPE,
  nowSeconds,
  normalizeLanguage,
  quotaDisplayFromStatus,
  REDEMPTION_SORT_FIELDS,
  REDEMPTION_STATUS,
  type Redemption,
  type RedemptionCreate,
  type RedemptionStatusUpdate,
  type RedemptionUpdate,
  renderQuota,
} from '@gw/core';
import { ApiFailure, notFound } from '../../shared/api-failure.js';
import type { AuthUser } from '../../shared/auth-user.js';
import type { OptionStore } from '../../shared/context.js';
import { listRequest } from '../../shared/listing.js';
import type { RedemptionsRepository, StoredRedemption } from './redemptions.repository.js';
import { redemptionRowToRedemption } from './redemptions.wire.js';
import { localizedContent } from '../../shared/logs.js';

/** Hooks other resources plug in; `afterCredit` runs once a code has credited a user (group promotion). */
export interface RedemptionHooks {
  afterCredit?: (userId: number) => Promise<void> | void;
  /** Reports a hook failure: the credit stands, so the redeem still succeeds. */
  onHookError?: (error: unknown) => void;
}

/** A new code: 32 lowercase hex characters (a dash-less UUID's shape, contract §2.4). */
export function newRedemptionKey(): string {
  return randomBytes(16).toString('hex');
}

/** The redemption rules over a repository and the site options. */
export function createRedemptionsService(
  redemptions: RedemptionsRepository,
  options: OptionStore,
  hooks: RedemptionHooks = {},
) {
  async function stored(id: number): Promise<StoredRedemption> {
    const row = await redemptions.find(id);
    if (!row) throw notFound('redemptions.errors.not_found');
    return row;
  }

  /** The top-up log's text, in the site's language and quota display. */
  async function topupContent(): Promise<(quota: number) => ReturnType<typeof localizedContent>> {
    const settings = await options.getMany(['Language', 'QuotaPerUnit', 'DisplayInCurrencyEnabled']);
    const language = normalizeLanguage(settings.get('Language')) ?? DEFAULT_LANGUAGE;
    const display = quotaDisplayFromStatus({
      display_in_currency: settings.get('DisplayInCurrencyEnabled') !== 'false',
      quota_per_unit: Number(settings.get('QuotaPerUnit')) || undefined,
    });
    return (quota) =>
      localizedContent(language, 'redemptions.log.topup', { amount: renderQuota(quota, display) });
  }

  return {
    async list(query: { page: number; size: number; order: string; keyword: string }) {
      const request = listRequest(query, REDEMPTION_SORT_FIELDS);
      const { rows, total } = await redemptions.list(request);
      return {
        data: rows.map(redemptionRowToRedemption),
        page: request.page,
        size: request.size,
        total_count: total,
      };
    },

    async get(id: number): Promise<Redemption> {
      return redemptionRowToRedemption(await stored(id));
    },

    /** Creates `count` codes in one transaction and returns their keys (none are kept on a failure). */
    async create(caller: AuthUser, input: RedemptionCreate): Promise<string[]> {
      const now = nowSeconds();
      const codes = Array.from({ length: input.count }, () => ({
        user_id: caller.id,
        key: newRedemptionKey(),
        name: input.name,
        quota: input.quota,
        created_time: now,
      }));
      await redemptions.insertAll(codes);
      return codes.map((code) => code.key);
    },

    async update(input: RedemptionUpdate): Promise<Redemption> {
      const current = await stored(input.id);
      await redemptions.update(current.id, { name: input.name, quota: input.quota });
      return redemptionRowToRedemption(await stored(current.id));
    },

    async setStatus(input: RedemptionStatusUpdate): Promise<Redemption> {
      const current = await stored(input.id);
      // A used code stays used: re-enabling it would let it credit a second time.
      if (current.status === REDEMPTION_STATUS.used) {
        throw new ApiFailure('FAILED', 'redemptions.errors.status_used');
      }
      await redemptions.update(current.id, { status: input.status });
      return redemptionRowToRedemption(await stored(current.id));
    },

    async delete(id: number): Promise<void> {
      if ((await redemptions.delete(id)) === 0) throw notFound('redemptions.errors.not_found');
    },

    /** Redeems a code for the caller (`POST /api/user/topup`); returns the quota added. */
    async redeemCode(caller: AuthUser, key: string, sourceIp: string): Promise<number> {
      const outcome = await redemptions.redeem(key, caller.id, {
        type: LOG_TYPE.topup,
        username: caller.username,
        sourceIp,
        content: await topupContent(),
      });
      if (outcome.kind === 'invalid') throw new ApiFailure('FAILED', 'redemptions.errors.redeem_invalid');
      if (outcome.kind === 'used') throw new ApiFailure('FAILED', 'redemptions.errors.redeem_used');
      try {
        await hooks.afterCredit?.(caller.id);
      } catch (error) {
        hooks.onHookError?.(error);
      }
      return outcome.quota;
    },
  };
}

export type RedemptionsService = ReturnType<typeof createRedemptionsService>;
