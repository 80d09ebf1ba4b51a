// Admin token rules (contract §1.6): search every owner's tokens and edit, enable or move any token.
// Like every admin action, a token whose owner has the caller's role or a higher one is off limits
// (root exempt; the caller's own tokens are always theirs).
import {
  isRoot,
  nowSeconds,
  type Token,
  TOKEN_NEVER_EXPIRES,
  TOKEN_SORT_FIELDS,
  TOKEN_STATUS,
  type TokenStatusUpdate,
  type tokenAdminUpdateSchema,
  tokenEnableRefusal,
} from '@gw/core';
import type { z } from 'zod';
import { ApiFailure, fieldFailure, notFound } from '../../shared/api-failure.js';
import type { AuthUser, UserLookup } from '../../shared/auth-user.js';
import { listRequest } from '../../shared/listing.js';
import { tokenKeyFor } from './token-key.js';
import type { StoredToken, TokensRepository } from './tokens.repository.js';
import { checkTokenGroups, settingToStore, type TokenGroupLookup } from './tokens.service.js';
import { tokenRowToToken } from './tokens.wire.js';

type AdminUpdate = z.output<typeof tokenAdminUpdateSchema>;

/** May the caller act on tokens of a user with `ownerRole`? */
function mayActOn(caller: AuthUser, ownerId: number, ownerRole: number): boolean {
  return isRoot(caller.role) || ownerId === caller.id || ownerRole < caller.role;
}

/** The admin token rules over the tokens and users repositories, the key-signing secret and the group lookup. */
export function createTokensAdminService(
  tokens: TokensRepository,
  users: Pick<UserLookup, 'findById'>,
  userTokenSecret: string,
  groups: TokenGroupLookup,
) {
  async function ownerOf(userId: number, missingKey: string): Promise<AuthUser> {
    const owner = await users.findById(userId);
    if (!owner) throw notFound(missingKey);
    return owner;
  }

  async function editable(caller: AuthUser, id: number): Promise<{ row: StoredToken; owner: AuthUser }> {
    const row = await tokens.findById(id);
    if (!row) throw notFound('tokens.errors.not_found');
    const owner = await ownerOf(row.user_id, 'tokens.errors.not_found');
    if (!mayActOn(caller, owner.id, owner.role)) {
      throw new ApiFailure('FORBIDDEN', 'server.users.target_role_not_lower');
    }
    return { row, owner };
  }

  async function reread(caller: AuthUser, id: number): Promise<Token> {
    const row = await tokens.findById(id);
    if (!row) throw notFound('tokens.errors.not_found');
    return tokenRowToToken(row, caller.role);
  }

  return {
    /** Pages through every owner's tokens; keys of tokens the caller may not act on are left out. */
    async search(
      caller: AuthUser,
      query: {
        user_id: number;
        token_id: number;
        page: number;
        size: number;
        order: string;
        keyword: string;
      },
    ) {
      const request = listRequest(query, TOKEN_SORT_FIELDS);
      const { rows, total } = await tokens.search(
        { userId: query.user_id, tokenId: query.token_id },
        request,
      );
      return {
        data: rows.map(({ owner_username, owner_display_name, owner_role, ...row }) => {
          const token = tokenRowToToken(row as StoredToken, caller.role);
          const visible = mayActOn(caller, row.user_id, owner_role ?? 0);
          return {
            ...token,
            key: visible ? token.key : '',
            owner_name: owner_display_name || owner_username || '',
          };
        }),
        // one-hub answers page 0 and size 0 here (quirk §6.8); gw echoes the real ones.
        page: request.page,
        size: request.size,
        total_count: total,
      };
    },
    async update(caller: AuthUser, input: AdminUpdate): Promise<Token> {
      const { row } = await editable(caller, input.id);
      const moving = input.user_id !== 0 && input.user_id !== row.user_id;
      const owner = await ownerOf(moving ? input.user_id : row.user_id, 'users.errors.token_owner_not_found');
      if (moving && !mayActOn(caller, owner.id, owner.role)) {
        throw new ApiFailure('FORBIDDEN', 'server.users.target_role_not_lower');
      }
      const changedExpiry = input.expired_time !== row.expired_time;
      if (changedExpiry && input.expired_time !== TOKEN_NEVER_EXPIRES && input.expired_time <= nowSeconds()) {
        throw fieldFailure('expired_time', 'validation.token.expiry_past');
      }
      await checkTokenGroups(owner, input, groups);
      await tokens.updateAny(row.id, {
        name: input.name,
        expired_time: input.expired_time,
        remain_quota: input.remain_quota,
        unlimited_quota: input.unlimited_quota ? 1 : 0,
        group: input.group,
        backup_group: input.backup_group,
        setting: settingToStore(caller, input.setting, row.setting),
        // The key encodes its owner (§5.3): a moved token gets a new key, and the old one stops working.
        ...(moving ? { user_id: owner.id, key: tokenKeyFor(row.id, owner.id, userTokenSecret) } : {}),
      });
      return reread(caller, row.id);
    },
    async setStatus(caller: AuthUser, input: TokenStatusUpdate): Promise<Token> {
      const { row } = await editable(caller, input.id);
      if (input.status === TOKEN_STATUS.enabled) {
        const refusal = tokenEnableRefusal(tokenRowToToken(row, caller.role), nowSeconds());
        if (refusal) throw new ApiFailure('FAILED', refusal);
      }
      await tokens.updateAny(row.id, { status: input.status });
      return reread(caller, row.id);
    },
  };
}

export type TokensAdminService = ReturnType<typeof createTokensAdminService>;
