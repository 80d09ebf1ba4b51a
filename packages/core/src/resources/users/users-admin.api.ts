import type { ApiClient } from '../../http/client.js';
import { pagedSchema, type ListQuery, type Paged } from '../../http/envelope.js';
import {
  type UserCreateInput,
  type UserManageAction,
  type UserQuotaChangeInput,
  type UserUpdateInput,
  userCreateSchema,
  userManageSchema,
  userQuotaChangeSchema,
  userUpdateSchema,
} from './users-admin.schema.js';
import { type User, userSchema } from './users.schema.js';

export const userPageSchema = pagedSchema(userSchema);

/** Lists users (admin): keyword = id, or a prefix of username, e-mail, display name or group. */
export function listUsers(client: ApiClient, query: ListQuery = {}): Promise<Paged<User>> {
  return client.request('GET', '/api/user/', userPageSchema, { query: { ...query } });
}

/** Reads one user (admin; only users of a lower role, root reads all). */
export function getUser(client: ApiClient, id: number): Promise<User> {
  return client.request('GET', `/api/user/${id}`, userSchema);
}

/** Creates a common user (admin). */
export async function createUser(client: ApiClient, input: UserCreateInput): Promise<void> {
  await client.send('POST', '/api/user/', { body: userCreateSchema.parse(input) });
}

/** Edits a user (admin): non-empty fields are written; quota changes go through `changeUserQuota`. */
export async function updateUser(client: ApiClient, input: UserUpdateInput): Promise<void> {
  await client.send('PUT', '/api/user/', { body: userUpdateSchema.parse(input) });
}

/** Deletes a user (admin). */
export async function deleteUser(client: ApiClient, id: number): Promise<void> {
  await client.send('DELETE', `/api/user/${id}`);
}

/** Disables, enables, deletes, promotes, demotes or marks reliable a user; answers the new role and status. */
export async function manageUser(
  client: ApiClient,
  username: string,
  action: UserManageAction,
): Promise<{ role: number; status: number }> {
  const user = await client.request('POST', '/api/user/manage', userSchema, {
    body: userManageSchema.parse({ username, action }),
  });
  return { role: user.role, status: user.status };
}

/** Adds a signed delta to a user's quota with a remark (a manage log records it). */
export async function changeUserQuota(
  client: ApiClient,
  id: number,
  input: UserQuotaChangeInput,
): Promise<void> {
  await client.send('POST', `/api/user/quota/${id}`, { body: userQuotaChangeSchema.parse(input) });
}
