// Stored user rows → the User shape of contract §2.1 (password always empty).
import type { StoredUser } from './users.repository.js';

/** The full profile (`GET /api/user/self`). */
export function userRowToUser(row: StoredUser) {
  return {
    id: row.id,
    username: row.username,
    password: '',
    display_name: row.display_name,
    role: row.role,
    status: row.status,
    email: row.email,
    avatar_url: row.avatar_url,
    oidc_id: row.oidc_id,
    github_id: row.github_id,
    github_id_new: row.github_id_new,
    wechat_id: row.wechat_id,
    telegram_id: row.telegram_id,
    lark_id: row.lark_id,
    access_token: row.access_token,
    quota: row.quota,
    used_quota: row.used_quota,
    request_count: row.request_count,
    group: row.group,
    aff_code: row.aff_code,
    aff_count: row.aff_count,
    aff_quota: row.aff_quota,
    aff_history_quota: row.aff_history,
    inviter_id: row.inviter_id,
    last_login_time: row.last_login_time,
    last_login_ip: row.last_login_ip,
    created_time: row.created_time,
  };
}

type WireUser = ReturnType<typeof userRowToUser>;

function blankUser(): WireUser {
  return userRowToUser({
    id: 0,
    username: '',
    password: '',
    display_name: '',
    role: 0,
    status: 0,
    email: '',
    avatar_url: '',
    oidc_id: '',
    github_id: '',
    github_id_new: 0,
    wechat_id: '',
    telegram_id: 0,
    lark_id: '',
    access_token: '',
    quota: 0,
    used_quota: 0,
    request_count: 0,
    group: '',
    aff_code: '',
    aff_count: 0,
    aff_quota: 0,
    aff_history: 0,
    inviter_id: 0,
    last_login_time: 0,
    last_login_ip: '',
    created_time: 0,
  });
}

/** The login reply (contract §3.2): only id, username, display_name, role, status, avatar_url are set. */
export function userRowToLoginUser(row: StoredUser): WireUser {
  return {
    ...blankUser(),
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    role: row.role,
    status: row.status,
    avatar_url: row.avatar_url,
  };
}

/** The `/api/user/manage` reply: the User shape with only role and status meaningful. */
export function userRowToManageReply(role: number, status: number): WireUser {
  return { ...blankUser(), role, status };
}

/**
 * A user as an admin sees it: the full profile, but the management access token only on the
 * caller's own row (one-hub's quirk §6.13 hands every user's token to admins; see docs/quirks.md).
 */
export function userRowToAdminView(row: StoredUser, caller: { id: number }): WireUser {
  const user = userRowToUser(row);
  return row.id === caller.id ? user : { ...user, access_token: '' };
}
