// User group rules of contract §1.10: unique English symbol, `default` never disabled nor deleted.
import {
  DEFAULT_USER_GROUP,
  type UserGroup,
  type UserGroupCreate,
  USER_GROUP_SORT_FIELDS,
  type UserGroupUpdate,
} from '@gw/core';
import { ApiFailure, fieldFailure, notFound } from '../../shared/api-failure.js';
import { listRequest } from '../../shared/listing.js';
import type { StoredUserGroup, UserGroupsRepository } from './user-groups.repository.js';
import { userGroupRowToWire } from './user-groups.wire.js';

export interface UserGroupListInput {
  page: number;
  size: number;
  order: string;
  Name: string;
  enable?: boolean;
}

/** Who may pick a group for a token, and which groups a caller sees on the public lists. */
export interface UserGroupLookup {
  /** An enabled group that is public or is the owner's own group. */
  isSelectable(symbol: string, ownerGroup: string): Promise<boolean>;
  /** Enabled groups that are public, plus the caller's own group when given and enabled. */
  visibleGroups(ownerGroup?: string): Promise<UserGroup[]>;
  /** Symbols of every enabled group. */
  enabledSymbols(): Promise<string[]>;
}

const flag = (value: boolean) => (value ? 1 : 0);

/** The user group rules over a repository. */
export function createUserGroupsService(groups: UserGroupsRepository) {
  async function existing(id: number): Promise<StoredUserGroup> {
    const row = await groups.findById(id);
    if (!row) throw notFound('user_groups.errors.not_found');
    return row;
  }

  const lookup: UserGroupLookup = {
    async isSelectable(symbol, ownerGroup) {
      const row = await groups.findBySymbol(symbol);
      return Boolean(row?.enable) && (Boolean(row?.public) || row?.symbol === ownerGroup);
    },
    async visibleGroups(ownerGroup) {
      const rows = await groups.enabled();
      return rows.filter((row) => row.public || row.symbol === ownerGroup).map(userGroupRowToWire);
    },
    async enabledSymbols() {
      return (await groups.enabled()).map((row) => row.symbol);
    },
  };

  return {
    lookup,

    async list(query: UserGroupListInput) {
      const request = listRequest({ ...query, keyword: '' }, USER_GROUP_SORT_FIELDS);
      const { rows, total } = await groups.list(request, { name: query.Name, enable: query.enable });
      return {
        data: rows.map(userGroupRowToWire),
        page: request.page,
        size: request.size,
        total_count: total,
      };
    },

    async get(id: number): Promise<UserGroup> {
      return userGroupRowToWire(await existing(id));
    },

    async create(input: UserGroupCreate): Promise<UserGroup> {
      if (await groups.findBySymbol(input.symbol)) {
        throw fieldFailure('symbol', 'user_groups.errors.symbol_exists', { symbol: input.symbol });
      }
      const id = await groups.insert({
        symbol: input.symbol,
        name: input.name,
        ratio: input.ratio,
        api_rate: input.api_rate,
        public: flag(input.public),
        promotion: flag(input.promotion),
        min: input.min,
        max: input.max,
        enable: flag(input.enable),
      });
      return userGroupRowToWire(await existing(id));
    },

    async update(input: UserGroupUpdate): Promise<UserGroup> {
      const current = await existing(input.id);
      await groups.update(current.id, {
        name: input.name,
        ratio: input.ratio,
        api_rate: input.api_rate,
        public: flag(input.public),
        promotion: flag(input.promotion),
        min: input.min,
        max: input.max,
      });
      return userGroupRowToWire(await existing(current.id));
    },

    /** Flips `enable`; the `default` group stays enabled. */
    async toggle(id: number): Promise<UserGroup> {
      const current = await existing(id);
      if (current.symbol === DEFAULT_USER_GROUP && current.enable) {
        throw new ApiFailure('FAILED', 'user_groups.errors.default_cannot_disable');
      }
      await groups.update(current.id, { enable: current.enable ? 0 : 1 });
      return userGroupRowToWire(await existing(current.id));
    },

    async delete(id: number): Promise<void> {
      const current = await existing(id);
      if (current.symbol === DEFAULT_USER_GROUP) {
        throw new ApiFailure('FAILED', 'user_groups.errors.default_cannot_delete');
      }
      await groups.delete(current.id);
    },
  };
}

export type UserGroupsService = ReturnType<typeof createUserGroupsService>;
