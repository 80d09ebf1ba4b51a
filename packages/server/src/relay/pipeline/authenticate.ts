// Key authentication of a relay request (behaviour spec §3): extract and verify the key, load the token
// with its owner in one query, run the token checks, resolve pinning and the effective group (§4).
import { nowSeconds, type TokenSetting, tokenSettingSchema } from '@gw/core';
import { CompiledQuery } from 'kysely';
import type { GwDb } from '../../db/database.js';
import { checkRelayToken } from '../auth/check-token.js';
import { extractRelayKey, type KeySources, type RelaySurface } from '../auth/extract-key.js';
import { type ChannelPinning, resolveChannelPinning } from '../auth/pinning.js';
import { type RelayAuthResult, relayRefusal } from '../auth/refusal.js';
import { resolveTokenGroup } from '../auth/token-group.js';
import { verifyRelayKey } from '../auth/verify-key.js';
import type { RelayGroup } from './relay-state.js';
import type { LedgerBalances } from './stored-balances.js';

/** Who is calling, once the key passed every check. */
export interface RelayCaller {
  userId: number;
  username: string;
  role: number;
  /** The user's own group (the rate limiter's key, spec §13.1). */
  userGroup: string;
  /** The user's quota as stored (the ledger's unflushed changes not included). */
  userQuota: number;
  tokenId: number;
  tokenName: string;
  tokenUnlimited: boolean;
  /** The key's remaining quota as stored (the ledger's unflushed changes not included). */
  tokenRemainQuota: number;
  /**
   * The ledger's writtenBatches while the two balances were read (see stored-balances); undefined when a
   * batch was written during the read, so whether the row holds it is unknown.
   */
  balanceStamp: number | undefined;
  /** Date.now() when the balances were read (a cached row is up to KEY_CACHE_MS old). */
  balanceReadAt: number;
  setting: TokenSetting;
  /** The effective group and its ratio (spec §4). */
  group: string;
  groupRatio: number;
  backupGroup: string;
  pinning: ChannelPinning;
}

export interface AuthenticateInput {
  surface: RelaySurface;
  sources: KeySources;
  clientIp: string;
}

const settingCache = new Map<string, TokenSetting>();

/** Parses a token's setting JSON, remembering the last few hundred distinct texts (it rarely changes). */
function tokenSetting(text: string): TokenSetting {
  const cached = settingCache.get(text);
  if (cached) return cached;
  let parsed: TokenSetting;
  try {
    parsed = tokenSettingSchema.parse(text ? JSON.parse(text) : {});
  } catch {
    parsed = tokenSettingSchema.parse({});
  }
  if (settingCache.size >= 500) settingCache.clear();
  settingCache.set(text, parsed);
  return parsed;
}

/** The token row with its owner, as the key lookup returns it. */
interface KeyRow {
  token_id: number;
  user_id: number;
  token_status: number;
  token_name: string;
  expired_time: number | string;
  remain_quota: number | string;
  unlimited_quota: number | boolean;
  token_group: string | null;
  backup_group: string | null;
  setting: string;
  user_status: number;
  username: string;
  role: number;
  user_group: string;
  user_quota: number | string;
}

export interface RelayAuthenticator {
  authenticate(
    groups: ReadonlyMap<string, RelayGroup>,
    input: AuthenticateInput,
    onExhausted: (tokenId: number) => void,
  ): Promise<RelayAuthResult<{ caller: RelayCaller }>>;
  /** Forgets every cached key (a token or user changed, or a settlement batch was written). */
  invalidate(): void;
}

/** Balances not yet written by this process's ledger, added to the stored ones (the ledger). */
export type PendingBalances = LedgerBalances;

/** How long a key's row is reused without asking the database again. */
export const KEY_CACHE_MS = 1000;
const KEY_CACHE_MAX = 10_000;

/**
 * Key authentication with a short-lived cache of the token-and-owner row: every hot key costs one
 * query a second instead of one per request. Token and user edits, and every written settlement
 * batch, clear the cache, and unwritten charges are added from the ledger, so balances stay exact.
 */
export function createRelayAuthenticator(
  db: GwDb,
  secret: string,
  pending: PendingBalances,
  now: () => number = Date.now,
): RelayAuthenticator {
  // Compiled once: the query builder's work is done at start-up, not per request.
  const lookup = db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select([
      'tokens.id as token_id',
      'tokens.user_id as user_id',
      'tokens.status as token_status',
      'tokens.name as token_name',
      'tokens.expired_time as expired_time',
      'tokens.remain_quota as remain_quota',
      'tokens.unlimited_quota as unlimited_quota',
      'tokens.group as token_group',
      'tokens.backup_group as backup_group',
      'tokens.setting as setting',
      'users.status as user_status',
      'users.username as username',
      'users.role as role',
      'users.group as user_group',
      'users.quota as user_quota',
    ])
    .where('tokens.key', '=', '')
    .compile();
  let cache = new Map<string, { row: KeyRow | undefined; at: number; stamp: number | undefined }>();

  /** The row of a key that passes verification; the signature is checked only when the cache misses. */
  async function findRow(
    key: string,
  ): Promise<{ row: KeyRow | undefined; at: number; stamp: number | undefined }> {
    const cached = cache.get(key);
    const at = now();
    if (cached && at - cached.at < KEY_CACHE_MS) return cached;
    const verified = verifyRelayKey(key, secret);
    let row: KeyRow | undefined;
    // The balances in the row are stamped with the ledger's written batches (see stored-balances).
    // A batch being written may be in the row before the stamp moves (ledger.writing): then no stamp.
    let stamp: number | undefined = pending.writing ? undefined : pending.writtenBatches;
    if (verified.ok) {
      const result = await db.executeQuery<KeyRow>(CompiledQuery.raw(lookup.sql, [key]));
      row = result.rows[0];
      // A current-format key names its token and owner; a row that disagrees is not this key's.
      const mismatch =
        row &&
        verified.format === 'current' &&
        (row.token_id !== verified.tokenId || row.user_id !== verified.userId);
      if (mismatch) row = undefined;
      // A batch written during the read may or may not be in the row: it is used once, not cached.
      if (pending.writtenBatches !== stamp || pending.writing) stamp = undefined;
    }
    const found = { row, at, stamp };
    if (stamp === undefined) return found;
    if (cache.size >= KEY_CACHE_MAX) cache = new Map();
    cache.set(key, found);
    return found;
  }

  return {
    invalidate() {
      cache = new Map();
    },
    async authenticate(groups, input, onExhausted) {
      const extracted = extractRelayKey(input.surface, input.sources);
      if (!extracted.ok) return extracted;
      const { row, at, stamp } = await findRow(extracted.key);
      if (!row) return relayRefusal(401, 'relay.key.invalid');
      const setting = tokenSetting(row.setting);
      const unwritten =
        (stamp === undefined ? undefined : pending.unwrittenTokenQuota(row.token_id, stamp)) ??
        pending.pendingTokenQuota(row.token_id);
      const token = {
        status: row.token_status,
        expired_time: Number(row.expired_time),
        remain_quota: Number(row.remain_quota) + unwritten,
        unlimited_quota: Boolean(row.unlimited_quota),
        setting,
      };
      const checked = checkRelayToken(token, {
        ownerEnabled: row.user_status === 1,
        now: nowSeconds(),
        clientIp: input.clientIp,
      });
      if (!checked.ok) {
        if (checked.markExhausted) onExhausted(row.token_id);
        return checked;
      }
      const pinning = resolveChannelPinning(extracted.pin, row.role);
      if (!pinning.ok) return pinning;
      const tokenGroups = { group: row.token_group ?? '', backup_group: row.backup_group ?? '' };
      const group = resolveTokenGroup(tokenGroups, row.user_group, groups);
      if (!group.ok) return group;
      return {
        ok: true,
        caller: {
          userId: row.user_id,
          username: row.username,
          role: row.role,
          userGroup: row.user_group,
          userQuota: Number(row.user_quota),
          tokenId: row.token_id,
          tokenName: row.token_name,
          tokenUnlimited: token.unlimited_quota,
          tokenRemainQuota: Number(row.remain_quota),
          balanceStamp: stamp,
          balanceReadAt: at,
          setting,
          group: group.group,
          groupRatio: group.ratio,
          backupGroup: tokenGroups.backup_group,
          pinning: pinning.pinning,
        },
      };
    },
  };
}
