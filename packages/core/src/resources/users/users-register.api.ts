import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import {
  emailQuerySchema,
  passwordResetSchema,
  type RegisterInput,
  registerSchema,
  type UnbindType,
  unbindSchema,
} from './users-register.schema.js';

/** Registers with a username and password (and e-mail + code when the site asks); `aff_code` = inviter's code. */
export async function register(client: ApiClient, input: RegisterInput, turnstile = ''): Promise<void> {
  await client.send('POST', '/api/user/register', {
    query: turnstile ? { turnstile } : {},
    body: registerSchema.parse(input),
  });
}

/** Asks the server to e-mail a registration or binding code to `email`. */
export async function sendVerificationCode(client: ApiClient, email: string, turnstile = ''): Promise<void> {
  await client.send('GET', '/api/verification', { query: emailQuerySchema.parse({ email, turnstile }) });
}

/** Asks the server to e-mail a password-reset link to `email`. */
export async function sendPasswordResetEmail(
  client: ApiClient,
  email: string,
  turnstile = '',
): Promise<void> {
  await client.send('GET', '/api/reset_password', { query: emailQuerySchema.parse({ email, turnstile }) });
}

/** Confirms a reset link; answers the newly generated password. */
export function confirmPasswordReset(client: ApiClient, email: string, token: string): Promise<string> {
  return client.request('POST', '/api/user/reset', z.string(), {
    body: passwordResetSchema.parse({ email, token }),
  });
}

/** The caller's invitation code (created on first call). */
export function getAffCode(client: ApiClient): Promise<string> {
  return client.request('GET', '/api/user/aff', z.string());
}

/** Clears one of the caller's account bindings. */
export async function unbindAccount(client: ApiClient, type: UnbindType): Promise<void> {
  await client.send('POST', '/api/user/unbind', { body: unbindSchema.parse({ type }) });
}
