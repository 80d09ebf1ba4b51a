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

/** Signs out everywhere: ends every session of the caller's on the server, this one included. */
export async function logoutEverywhere(client: ApiClient): Promise<void> {
  await client.send('POST', '/api/user/logout_all');
}

/** The signed-in user's full profile. */
export function getSelf(client: ApiClient): Promise<User> {
  return client.request('GET', '/api/user/self', userSchema);
}

/** Updates the caller's display name and, when given, password. */
export async function updateSelf(client: ApiClient, input: SelfUpdateInput): Promise<void> {
  await client.send('PUT', '/api/user/self', { body: selfUpdateSchema.parse(input) });
}

/** Generates a new management access token (the old one stops at once, as do the caller's other sessions). */
export function generateAccessToken(client: ApiClient): Promise<string> {
  return client.request('GET', '/api/user/token', z.string());
}

/** What `signInForAccessToken` hands back: the signed-in user and the token to keep. */
export interface AccessTokenSignIn {
  user: User;
  accessToken: string;
}

/**
 * Signs in with a password and returns a management access token for later requests. Keeps the
 * account's existing token so scripts using it keep working; generates one only when the account
 * has none. `client` must keep the session cookie between calls.
 */
export async function signInForAccessToken(client: ApiClient, input: LoginInput): Promise<AccessTokenSignIn> {
  await login(client, input);
  const user = await getSelf(client);
  const accessToken = user.access_token || (await generateAccessToken(client));
  return { user, accessToken };
}
