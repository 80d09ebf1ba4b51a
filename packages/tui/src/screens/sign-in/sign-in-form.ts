import { normalizeServerUrl } from '@gw/core';
import { loginSchema, type Translate } from '@gw/core';
import { fieldMessages } from '../../lib/field-errors.js';

/** The sign-in form's fields, in focus order. */
export const SIGN_IN_FIELDS = ['server', 'username', 'password', 'access_token'] as const;
export type SignInField = (typeof SIGN_IN_FIELDS)[number];
export type SignInValues = Record<SignInField, string>;

const LABEL_KEYS: Record<SignInField, string> = {
  server: 'auth.server',
  username: 'auth.username',
  password: 'auth.password',
  access_token: 'tui.sign_in.access_token_optional',
};

/** The i18n key of a field's label. */
export function signInLabelKey(field: SignInField): string {
  return LABEL_KEYS[field];
}

/** What the form asks for: a password sign-in, a token sign-in, or the messages of what is wrong. */
export type SignInRequest =
  | { kind: 'password'; server: string; username: string; password: string }
  | { kind: 'token'; server: string; accessToken: string }
  | { kind: 'invalid'; errors: Partial<Record<SignInField, string>> };

/** Validates the form: a usable server URL and either an access token or a username and password. */
export function signInRequest(values: SignInValues, t: Translate): SignInRequest {
  const server = normalizeServerUrl(values.server);
  if (!server) return { kind: 'invalid', errors: { server: t('tui.sign_in.server_invalid') } };
  const accessToken = values.access_token.trim();
  if (accessToken) return { kind: 'token', server, accessToken };
  const parsed = loginSchema.safeParse({ username: values.username.trim(), password: values.password });
  if (!parsed.success) return { kind: 'invalid', errors: fieldMessages(parsed.error, t, LABEL_KEYS) };
  return { kind: 'password', server, ...parsed.data };
}

/** Whether Enter should submit now: a token, or both a username and a password, are filled in. */
export function signInReady(values: SignInValues): boolean {
  return values.access_token.trim() !== '' || (values.username.trim() !== '' && values.password !== '');
}
