import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import { type Paged, pagedSchema } from '../../http/envelope.js';
import {
  type UserGroup,
  type UserGroupCreateInput,
  type UserGroupListQuery,
  type UserGroupUpdateInput,
  userGroupCreateSchema,
  userGroupSchema,
  userGroupUpdateSchema,
} from './user-groups.schema.js';

export const userGroupPageSchema = pagedSchema(userGroupSchema);

/** Lists user groups (admin): `GET /api/user_group/` with page, size, order, `Name` prefix and `enable`. */
export function listUserGroups(client: ApiClient, query: UserGroupListQuery = {}): Promise<Paged<UserGroup>> {
  return client.request('GET', '/api/user_group/', userGroupPageSchema, { query: { ...query } });
}

/** Reads one user group. */
export function getUserGroup(client: ApiClient, id: number): Promise<UserGroup> {
  return client.request('GET', `/api/user_group/${id}`, userGroupSchema);
}

/** Creates a user group; gw answers with the group, one-hub with no data (then `undefined`). */
export function createUserGroup(
  client: ApiClient,
  input: UserGroupCreateInput,
): Promise<UserGroup | undefined> {
  return client.request('POST', '/api/user_group/', userGroupSchema.optional(), {
    body: userGroupCreateSchema.parse(input),
  });
}

/** Edits a group's name, ratio, public flag, API rate and promotion bounds (not symbol, not enable). */
export function updateUserGroup(
  client: ApiClient,
  input: UserGroupUpdateInput,
): Promise<UserGroup | undefined> {
  return client.request('PUT', '/api/user_group/', userGroupSchema.optional(), {
    body: userGroupUpdateSchema.parse(input),
  });
}

/** Toggles a group's `enable` flag (the `default` group cannot be disabled). */
export async function toggleUserGroup(client: ApiClient, id: number): Promise<void> {
  await client.send('PUT', `/api/user_group/enable/${id}`);
}

/** Deletes a user group (not `default`). */
export async function deleteUserGroup(client: ApiClient, id: number): Promise<void> {
  await client.send('DELETE', `/api/user_group/${id}`);
}

/** `GET /api/user_group_map`: symbol → group (public groups plus the caller's own). */
export const userGroupMapSchema = z.record(z.string(), userGroupSchema);

/** The groups the caller can choose from: public ones plus their own (public; a session adds theirs). */
export function getUserGroupMap(client: ApiClient): Promise<Record<string, UserGroup>> {
  return client.request('GET', '/api/user_group_map', userGroupMapSchema);
}
