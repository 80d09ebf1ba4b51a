// User rules: sign-in, self-service, the admin seams (create, manage) and the first root account.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  isRoot,
  nowSeconds,
  ROLES,
  USER_STATUS,
  type UserManageAction,
  type loginSchema,
  type selfUpdateSchema,
  type UnbindType,
  type userCreateSchema,
} from '@gw/core';
import type { z } from 'zod';
import { ApiFailure, notFound } from '../../shared/api-failure.js';
import type { AuthUser } from '../../shared/auth-user.js';
import type { OptionStore } from '../../shared/context.js';
import type { LoginThrottle } from '../../sign-in/login-throttle.js';
import { hashPassword, needsRehash, verifyPassword } from './password.js';
import type { StoredUser, UsersRepository } from './users.repository.js';

const ROOT_QUOTA = 100_000_000;

/** A fresh management access token: 32 lowercase hex characters (a dash-less UUID). */
export function newAccessToken(): string {
  return randomUUID().replaceAll('-', '');
}

const AFF_CODE_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const AFF_CODE_LENGTH = 4;
const AFF_CODE_ATTEMPTS = 8;

/** A random 4-character invitation code (letters and digits, as one-hub makes them). */
export function newAffCode(): string {
  let code = '';
  for (let i = 0; i < AFF_CODE_LENGTH; i += 1) code += AFF_CODE_ALPHABET[randomInt(AFF_CODE_ALPHABET.length)];
  return code;
}

/** The columns `POST /api/user/unbind` clears for each binding type. */
const UNBIND_COLUMNS = {
  github: { github_id: '', github_id_new: 0 },
  wechat: { wechat_id: '' },
  lark: { lark_id: '' },
  oidc: { oidc_id: '' },
} as const satisfies Record<UnbindType, object>;

/** No throttling (tests of other rules that build the service alone). */
const NO_THROTTLE: LoginThrottle = {
  waitSeconds: async () => 0,
  failed: async () => ({ account: 0, ip: 0 }),
  succeeded: async () => {},
};

/** The user rules over a repository and the site options. */
export function createUsersService(
  users: UsersRepository,
  options: OptionStore,
  throttle: LoginThrottle = NO_THROTTLE,
) {
  return {
    /** Checks a password sign-in; wrong password and disabled user get the same refusal. */
    async login(input: z.output<typeof loginSchema>, ip: string): Promise<StoredUser> {
      if ((await options.get('PasswordLoginEnabled')) === 'false') {
        throw new ApiFailure('FORBIDDEN', 'errors.password_login_disabled');
      }
      // A locked name or address is refused before any lookup: the same for names with and without an account.
      const wait = await throttle.waitSeconds(input.username, ip);
      if (wait > 0) {
        throw new ApiFailure('RATE_LIMITED', 'auth.login_throttled', { params: { seconds: wait } });
      }
      const user = await users.findByLogin(input.username);
      // Verified even without a user (against a dummy), so unknown names take as long as wrong passwords.
      const valid = await verifyPassword(input.password, user?.password);
      if (!user || !valid || user.status !== USER_STATUS.enabled) {
        await throttle.failed(input.username, ip);
        throw new ApiFailure('BAD_CREDENTIALS', 'errors.bad_credentials');
      }
      await throttle.succeeded(input.username);
      // A hash made at an older cost is replaced now that the password is known (issue 15).
      if (needsRehash(user.password))
        await users.setPasswordHash(user.id, await hashPassword(input.password));
      const changes = { last_login_time: nowSeconds(), last_login_ip: ip };
      await users.update(user.id, changes);
      return { ...user, ...changes };
    },

    /** `keepSession`: the session the change came from, which stays signed in (the others end). */
    async updateSelf(
      caller: AuthUser,
      input: z.output<typeof selfUpdateSchema>,
      keepSession?: string,
    ): Promise<void> {
      const changes: { display_name?: string; password?: string } = {};
      // one-hub writes only non-empty fields: an empty display name or password keeps the old one.
      if (input.display_name) changes.display_name = input.display_name;
      if (input.password) changes.password = await hashPassword(input.password);
      await users.update(caller.id, changes, keepSession);
    },

    /** A new access token; the old one stops at once, and so do the caller's other sessions. */
    async rotateAccessToken(caller: AuthUser, keepSession?: string): Promise<string> {
      const token = newAccessToken();
      await users.update(caller.id, { access_token: token }, keepSession);
      return token;
    },

    /** The caller's invitation code, created on first call; unique (a clash draws a new code). */
    async affCode(caller: AuthUser): Promise<string> {
      for (let attempt = 0; attempt < AFF_CODE_ATTEMPTS; attempt += 1) {
        const current = await users.findById(caller.id);
        if (!current) throw notFound('server.users.not_found');
        if (current.aff_code) return current.aff_code;
        const code = newAffCode();
        if (await users.findByAffCode(code)) continue;
        try {
          await users.setAffCodeIfEmpty(caller.id, code);
        } catch {
          // another user took the same code between the check and the write (unique index): retry
        }
      }
      const settled = await users.findById(caller.id);
      if (settled?.aff_code) return settled.aff_code;
      throw new Error('could not draw a unique invitation code');
    },
    /** Clears one account binding of the caller. */
    async unbind(caller: AuthUser, type: UnbindType): Promise<void> {
      await users.update(caller.id, { ...UNBIND_COLUMNS[type] });
    },
    /** Admin creates a common user in group `default`; a role at or above the caller's is refused. */
    async createUser(caller: AuthUser, input: z.output<typeof userCreateSchema>): Promise<void> {
      if (input.role !== undefined && input.role >= caller.role) {
        throw new ApiFailure('FORBIDDEN', 'server.users.role_not_lower');
      }
      if (await users.findByUsername(input.username)) {
        throw new ApiFailure('CONFLICT', 'server.users.username_taken', {
          params: { username: input.username },
        });
      }
      const quota = Number((await options.get('QuotaForNewUser')) ?? 0);
      await users.insert({
        username: input.username,
        password: await hashPassword(input.password),
        display_name: input.display_name || input.username,
        role: ROLES.common,
        status: USER_STATUS.enabled,
        group: 'default',
        quota: Number.isSafeInteger(quota) && quota > 0 ? quota : 0,
        created_time: nowSeconds(),
      });
    },

    /** `POST /api/user/manage`: returns the target's new role and status. */
    async manageUser(
      caller: AuthUser,
      username: string,
      action: UserManageAction,
    ): Promise<{ role: number; status: number }> {
      const target = await users.findByUsername(username);
      if (!target) throw notFound('server.users.not_found');
      if (caller.role <= target.role && !isRoot(caller.role)) {
        throw new ApiFailure('FORBIDDEN', 'server.users.target_role_not_lower');
      }
      if (isRoot(target.role) && action !== 'enable') {
        throw new ApiFailure('FORBIDDEN', 'server.users.root_protected');
      }
      switch (action) {
        case 'disable':
          await users.update(target.id, { status: USER_STATUS.disabled });
          return { role: target.role, status: USER_STATUS.disabled };
        case 'enable':
          await users.update(target.id, { status: USER_STATUS.enabled });
          return { role: target.role, status: USER_STATUS.enabled };
        case 'delete':
          await users.deleteWithTokens(target.id);
          return { role: target.role, status: target.status };
        case 'promote':
          if (!isRoot(caller.role)) throw new ApiFailure('FORBIDDEN', 'server.users.promote_root_only');
          await users.update(target.id, { role: ROLES.admin });
          return { role: ROLES.admin, status: target.status };
        case 'demote':
          await users.update(target.id, { role: ROLES.common });
          return { role: ROLES.common, status: target.status };
        case 'set_reliable':
          await users.update(target.id, { role: ROLES.reliable });
          return { role: ROLES.reliable, status: target.status };
      }
    },

    /**
     * Creates `root` on an empty users table. Returns the password only when it was generated (the
     * caller prints it once); a configured GW_ROOT_PASSWORD is never echoed.
     */
    async bootstrapRoot(
      configuredPassword: string | undefined,
    ): Promise<{ generatedPassword?: string } | undefined> {
      if ((await users.count()) > 0) return undefined;
      const generated = configuredPassword ? undefined : randomBytes(18).toString('base64url');
      await users.insert({
        username: 'root',
        password: await hashPassword(configuredPassword ?? generated ?? ''),
        display_name: 'root',
        role: ROLES.root,
        status: USER_STATUS.enabled,
        quota: ROOT_QUOTA,
        group: 'default',
        created_time: nowSeconds(),
      });
      return generated ? { generatedPassword: generated } : {};
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
