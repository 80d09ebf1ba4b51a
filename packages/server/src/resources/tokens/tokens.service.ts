// Token rules of contract §1.6: own tokens only, enable refusals, billing_tag for role ≥ 3, key format §5.3.
import {
  isReliable,
  nowSeconds,
  PLAYGROUND_TOKEN_NAME,
  type Token,
  TOKEN_NEVER_EXPIRES,
  TOKEN_SORT_FIELDS,
  TOKEN_STATUS,
  type TokenCreate,
  type TokenStatusUpdate,
  type TokenUpdate,
  tokenEnableRefusal,
} from '@gw/core';
import { ApiFailure, fieldFailure, notFound } from '../../shared/api-failure.js';
import type { AuthUser } from '../../shared/auth-user.js';
import { listRequest } from '../../shared/listing.js';
import { tokenKeyFor } from './token-key.js';
import type { StoredToken, TokensRepository } from './tokens.repository.js';
import { parseStoredSetting, tokenRowToToken } from './tokens.wire.js';

type SettingInput = TokenCreate['setting'];

/** Which groups a token may name; app.ts composes it from the user groups resource. */
export interface TokenGroupLookup {
  /** An enabled user group that is public or is the owner's own group. */
  isSelectable(symbol: string, ownerGroup: string): Promise<boolean>;
}

/** The rule before user groups are wired in: no group (`''`, follow the owner) or the owner's own group. */
export const OWN_GROUP_ONLY: TokenGroupLookup = {
  isSelectable: async (symbol, ownerGroup) => symbol === ownerGroup,
};

/** A token may name no group (`''`, follow the owner) or a group the lookup lets the owner select. */
export async function tokenGroupAllowed(
  owner: AuthUser,
  group: string,
  groups: TokenGroupLookup = OWN_GROUP_ONLY,
): Promise<boolean> {
  return group === '' || (await groups.isSelectable(group, owner.group));
}

/** Refuses a group or backup group the owner may not use (async: it reads the user groups). */
export async function checkTokenGroups(
  owner: AuthUser,
  input: { group: string; backup_group: string },
  groups: TokenGroupLookup,
): Promise<void> {
  for (const field of ['group', 'backup_group'] as const) {
    if (!(await tokenGroupAllowed(owner, input[field], groups))) {
      throw fieldFailure(field, 'validation.token.group_invalid', { group: input[field] });
    }
  }
}

/** billing_tag is only writable for role ≥ 3; otherwise the stored one (if any) is kept. */
export function settingToStore(caller: AuthUser, input: SettingInput, stored?: string): string {
  const previous = stored === undefined ? undefined : parseStoredSetting(stored).billing_tag;
  const { billing_tag: requested, ...rest } = input;
  let billingTag = previous;
  if (isReliable(caller.role) && requested !== undefined) billingTag = requested || undefined;
  return JSON.stringify(billingTag === undefined ? rest : { ...rest, billing_tag: billingTag });
}

/** The token rules over a repository, the key-signing secret and the user groups. */
export function createTokensService(
  tokens: TokensRepository,
  userTokenSecret: string,
  groups: TokenGroupLookup = OWN_GROUP_ONLY,
) {
  async function owned(caller: AuthUser, id: number): Promise<StoredToken> {
    const row = await tokens.findOwned(id, caller.id);
    if (!row) throw notFound('tokens.errors.not_found');
    return row;
  }

  async function reread(caller: AuthUser, id: number): Promise<Token> {
    return tokenRowToToken(await owned(caller, id), caller.role);
  }

  async function insert(
    caller: AuthUser,
    values: Omit<StoredToken, 'id' | 'key' | 'user_id'>,
  ): Promise<Token> {
    const id = await tokens.insertWithKey({ ...values, user_id: caller.id }, (newId) =>
      tokenKeyFor(newId, caller.id, userTokenSecret),
    );
    return reread(caller, id);
  }

  return {
    async list(caller: AuthUser, query: { page: number; size: number; order: string; keyword: string }) {
      const request = listRequest(query, TOKEN_SORT_FIELDS);
      const { rows, total } = await tokens.list(caller.id, request);
      return {
        data: rows.map((row) => tokenRowToToken(row, caller.role)),
        page: request.page,
        size: request.size,
        total_count: total,
      };
    },

    get: reread,

    async create(caller: AuthUser, input: TokenCreate): Promise<Token> {
      const now = nowSeconds();
      if (input.expired_time !== TOKEN_NEVER_EXPIRES && input.expired_time <= now) {
        throw fieldFailure('expired_time', 'validation.token.expiry_past');
      }
      await checkTokenGroups(caller, input, groups);
      return insert(caller, {
        name: input.name,
        status: TOKEN_STATUS.enabled,
        created_time: now,
        accessed_time: now,
        expired_time: input.expired_time,
        remain_quota: input.remain_quota,
        unlimited_quota: input.unlimited_quota ? 1 : 0,
        used_quota: 0,
        group: input.group,
        backup_group: input.backup_group,
        setting: settingToStore(caller, input.setting),
      });
    },

    async update(caller: AuthUser, input: TokenUpdate): Promise<Token> {
      const current = await owned(caller, input.id);
      const changedExpiry = input.expired_time !== current.expired_time;
      if (changedExpiry && input.expired_time !== TOKEN_NEVER_EXPIRES && input.expired_time <= nowSeconds()) {
        throw fieldFailure('expired_time', 'validation.token.expiry_past');
      }
      await checkTokenGroups(caller, input, groups);
      await tokens.update(current.id, caller.id, {
        name: input.name,
        expired_time: input.expired_time,
        remain_quota: input.remain_quota,
        unlimited_quota: input.unlimited_quota ? 1 : 0,
        group: input.group,
        backup_group: input.backup_group,
        setting: settingToStore(caller, input.setting, current.setting),
      });
      return reread(caller, current.id);
    },

    async setStatus(caller: AuthUser, input: TokenStatusUpdate): Promise<Token> {
      const current = await owned(caller, input.id);
      if (input.status === TOKEN_STATUS.enabled) {
        const refusal = tokenEnableRefusal(tokenRowToToken(current, caller.role), nowSeconds());
        if (refusal) throw new ApiFailure('FAILED', refusal);
      }
      await tokens.update(current.id, caller.id, { status: input.status });
      return reread(caller, current.id);
    },

    async delete(caller: AuthUser, id: number): Promise<void> {
      if ((await tokens.delete(id, caller.id)) === 0) throw notFound('tokens.errors.not_found');
    },

    /** The caller's playground key, creating the unlimited, never-expiring token on first use. */
    async playgroundKey(caller: AuthUser): Promise<string> {
      const existing = await tokens.findByName(caller.id, PLAYGROUND_TOKEN_NAME);
      if (existing?.key) return existing.key;
      const now = nowSeconds();
      const created = await insert(caller, {
        name: PLAYGROUND_TOKEN_NAME,
        status: TOKEN_STATUS.enabled,
        created_time: now,
        accessed_time: now,
        expired_time: TOKEN_NEVER_EXPIRES,
        remain_quota: 0,
        unlimited_quota: 1,
        used_quota: 0,
        group: '',
        backup_group: '',
        setting: JSON.stringify({}),
      });
      return created.key;
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
