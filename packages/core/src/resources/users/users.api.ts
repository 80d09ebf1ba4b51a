import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import {
  loginSchema,
  selfUpdateSchema,
  userSchema,
  type LoginInput,
  type SelfUpdateInput,
  type User,
} from './users.schema.js';

/** Signs in with a password; the server sets the `session` cookie and answers with the user. */
export function login(client: ApiClient, input: LoginInput): Promise<User> {
  return client.request('POST', '/api/user/login', userSchema, { body: loginSchema.parse(input) });
}

/** Ends the session. */
export async function logout(client: ApiClient): Promise<void> {
  await client.send('GET', '/api/user/logout');
}

/** The signed-in user's full profile. */
export function getSelf(client: ApiClient): Promise<User> {
  return client.request('GET', '/api/user/self', userSchema);
}

/** Updates the caller's display name and, when given, password. */
export async function updateSelf(client: ApiClient, input: SelfUpdateInput): Promise<void> {
  await client.send('PUT', '/api/user/self', { body: selfUpdateSchema.parse(input) });
}

/** Generates a new management access token (the old one stops working). */
export function generateAccessToken(client: ApiClient): Promise<string> {
  return client.request('GET', '/api/user/token', z.string());
}
