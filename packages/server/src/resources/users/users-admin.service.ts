// Admin rules over users (contract §1.5): list, read, edit, delete and quota change. Nobody acts on a
// user of an equal or higher role (root is exempt); root keeps its role and cannot be disabled.
import {
  isRoot,
  LOG_TYPE,
  type Language,
  ROLES,
  USER_SORT_FIELDS,
  USER_STATUS,
  type UserUpdate,
} from '@gw/core';
import type { GwDb } from '../../db/database.js';
import { ApiFailure, fieldFailure, notFound } from '../../shared/api-failure.js';
import type { AuthUser } from '../../shared/auth-user.js';
import { listRequest } from '../../shared/listing.js';
import { hashPassword } from './password.js';
import { changeUserQuota } from './users-quota.repository.js';
import type { StoredUser, UsersRepository } from './users.repository.js';
import type { UsersService } from './users.service.js';
import { userRowToAdminView } from './users.wire.js';
import { localizedContent } from '../../shared/logs.js';

interface UserChanges {
  username?: string;
  display_name?: string;
  email?: string;
  group?: string;
  password?: string;
  role?: number;
  status?: number;
}

/** Which groups exist to put a user in; app.ts composes it from the user groups resource. */
export interface UserGroupSymbols {
  /** Symbols of every enabled user group. */
  enabledSymbols(): Promise<string[]>;
}

/** Refuses when the caller may not act on `target` (equal or higher role; root exempt). */
export function assertOutranks(
  caller: AuthUser,
  target: StoredUser,
  key = 'server.users.target_role_not_lower',
): void {
  if (!isRoot(caller.role) && caller.role <= target.role) throw new ApiFailure('FORBIDDEN', key);
}

/** The admin user rules over the repository, the database (quota transaction), the user rules and the groups. */
export function createUsersAdminService(
  users: UsersRepository,
  db: GwDb,
  userRules: UsersService,
  groups: UserGroupSymbols,
) {
  async function target(id: number): Promise<StoredUser> {
    const row = await users.findById(id);
    if (!row) throw notFound('server.users.not_found');
    return row;
  }

  /** The role and status rules of an edit; returns the role and status to write (undefined = keep). */
  function checkRoleAndStatus(caller: AuthUser, current: StoredUser, input: UserUpdate) {
    const role = input.role && input.role !== current.role ? input.role : undefined;
    const status = input.status && input.status !== current.status ? input.status : undefined;
    if (isRoot(current.role) && (role !== undefined || status === USER_STATUS.disabled)) {
      throw new ApiFailure('FORBIDDEN', 'server.users.root_protected');
    }
    if (role !== undefined && !isRoot(caller.role) && role >= caller.role) {
      throw new ApiFailure('FORBIDDEN', 'users.errors.role_raise_not_allowed');
    }
    if (role === ROLES.root) throw new ApiFailure('FORBIDDEN', 'users.errors.role_raise_not_allowed');
    return { role, status };
  }

  async function changesFor(caller: AuthUser, current: StoredUser, input: UserUpdate): Promise<UserChanges> {
    const changes: UserChanges = {};
    // one-hub writes non-zero fields only: "" and 0 keep the stored value.
    if (input.username && input.username !== current.username) {
      if (await users.findByUsername(input.username)) {
        throw new ApiFailure('CONFLICT', 'server.users.username_taken', {
          params: { username: input.username },
        });
      }
      changes.username = input.username;
    }
    if (input.email && input.email !== current.email) {
      const owner = await users.findByEmail(input.email);
      if (owner && owner.id !== current.id) throw new ApiFailure('CONFLICT', 'users.errors.email_taken');
      changes.email = input.email;
    }
    if (input.display_name) changes.display_name = input.display_name;
    if (input.group && input.group !== current.group) {
      if (!(await groups.enabledSymbols()).includes(input.group)) {
        throw fieldFailure('group', 'validation.token.group_invalid', { group: input.group });
      }
      changes.group = input.group;
    }
    const { role, status } = checkRoleAndStatus(caller, current, input);
    if (role !== undefined) changes.role = role;
    if (status !== undefined) changes.status = status;
    if (input.password) changes.password = await hashPassword(input.password);
    return changes;
  }

  return {
    async list(caller: AuthUser, query: { page: number; size: number; order: string; keyword: string }) {
      const request = listRequest(query, USER_SORT_FIELDS);
      const { rows, total } = await users.list(request);
      return {
        data: rows.map((row) => userRowToAdminView(row, caller)),
        page: request.page,
        size: request.size,
        total_count: total,
      };
    },
    async get(caller: AuthUser, id: number) {
      const row = await target(id);
      assertOutranks(caller, row, 'users.errors.read_role_not_lower');
      return userRowToAdminView(row, caller);
    },
    async update(caller: AuthUser, input: UserUpdate): Promise<void> {
      const current = await target(input.id);
      assertOutranks(caller, current);
      await users.update(current.id, await changesFor(caller, current, input));
    },
    /** `DELETE /api/user/:id`: the same rules and effect as `manage` with action `delete`. */
    async delete(caller: AuthUser, id: number): Promise<void> {
      const row = await target(id);
      await userRules.manageUser(caller, row.username, 'delete');
    },
    /** Adds a signed delta; a deduction beyond the balance is refused and nothing is written. */
    async changeQuota(
      caller: AuthUser,
      id: number,
      input: { quota: number; remark: string },
      language: Language,
    ): Promise<void> {
      const row = await target(id);
      assertOutranks(caller, row);
      const outcome = await changeUserQuota(db, row.id, input.quota, (before, after) => ({
        userId: row.id,
        username: row.username,
        type: LOG_TYPE.manage,
        quota: input.quota,
        ...logText(
          localizedContent(language, 'users.log.quota_change', {
            delta: input.quota > 0 ? `+${input.quota}` : String(input.quota),
            before,
            after,
            remark: input.remark,
          }),
          { remark: input.remark, admin_id: caller.id, admin: caller.username },
        ),
      }));
      if (outcome.applied) return;
      if (outcome.reason === 'missing') throw notFound('server.users.not_found');
      throw new ApiFailure(
        'FAILED',
        outcome.reason === 'below_zero' ? 'users.errors.quota_below_zero' : 'users.errors.quota_too_large',
      );
    },
  };
}

export type UsersAdminService = ReturnType<typeof createUsersAdminService>;

/** A log's localized text with more metadata beside its i18n key. */
function logText(
  text: ReturnType<typeof localizedContent>,
  metadata: Record<string, unknown>,
): { content: string; metadata: Record<string, unknown> } {
  return { content: text.content, metadata: { ...text.metadata, ...metadata } };
}
