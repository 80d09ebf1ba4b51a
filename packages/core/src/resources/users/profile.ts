// The Profile screen (console-screens §23) described once: the personal-info form, the e-mail binding
// form, and which account bindings a site offers. Every face renders these; the rules live here.
import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import type { FormDef, FormFieldDef } from '../../screens/screen-model.js';
import { wechatCodeSchema } from './oauth.js';
import { updateSelf } from './users.api.js';
import { requiredEmailSchema } from './users-register.schema.js';
import {
  DISPLAY_NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type SelfUpdateInput,
  type User,
  userSchema,
} from './users.schema.js';

/** What the personal-info form holds. An empty password keeps the current one. */
export interface ProfileFormValues {
  display_name: string;
  password: string;
  password_confirm: string;
}

/**
 * The personal-info form's checks: display name at most 20 characters (the server's rule); password
 * empty (unchanged) or 8–20 characters; the confirmation equal to it. (The username is shown, not
 * edited: `PUT /api/user/self` ignores it, so its "≥ 3 characters" rule has nothing to check here.)
 */
export const profileFormSchema: z.ZodType<ProfileFormValues> = z
  .object({
    display_name: z.string().max(DISPLAY_NAME_MAX, 'validation.max_length'),
    password: z
      .string()
      .refine(
        (password) => password === '' || (password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX),
        { message: 'validation.user.password_length', params: { min: PASSWORD_MIN, max: PASSWORD_MAX } },
      ),
    password_confirm: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.password_confirm !== values.password) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirm'],
        message: 'validation.user.password_mismatch',
      });
    }
  });

/** The form's fields in order. */
export const PROFILE_FORM_FIELDS: readonly FormFieldDef<ProfileFormValues>[] = [
  { name: 'display_name', kind: 'text', labelKey: 'users.fields.display_name' },
  {
    name: 'password',
    kind: 'password',
    labelKey: 'users.profile.new_password',
    helpKey: 'users.screen.password_keep',
  },
  { name: 'password_confirm', kind: 'password', labelKey: 'users.profile.password_confirm' },
];

/** The form's values for a user: the display name, no password. */
export function profileFormValues(user: Pick<User, 'display_name'>): ProfileFormValues {
  return { display_name: user.display_name, password: '', password_confirm: '' };
}

/** The `PUT /api/user/self` body of checked values (the confirmation stays on the client). */
export function selfUpdateFromProfile(values: ProfileFormValues): SelfUpdateInput {
  return { display_name: values.display_name, password: values.password };
}

/** The personal-info form as a kit form (the terminal's): it edits the signed-in user and saves with `PUT /api/user/self`. */
export const PROFILE_FORM: FormDef<User, ProfileFormValues, SelfUpdateInput> = {
  fields: PROFILE_FORM_FIELDS,
  schema: profileFormSchema,
  empty: () => ({ display_name: '', password: '', password_confirm: '' }),
  fromRow: profileFormValues,
  toInput: selfUpdateFromProfile,
  create: (client, input) => updateSelf(client, input),
  update: (client, input) => updateSelf(client, input),
  editTitleKey: 'users.profile.personal_info',
  updatedKey: 'users.profile.updated',
};

/** The e-mail binding dialog: an address and the code mailed to it, both required. */
export interface EmailBindValues {
  email: string;
  code: string;
}

/** A verification code typed by hand: required, trimmed, at most `max` characters. */
const typedCode = (max: number) =>
  z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.max_length');

export const emailBindSchema: z.ZodType<EmailBindValues> = z.object({
  email: requiredEmailSchema,
  code: typedCode(32),
});

/** The e-mail binding dialog's fields (§23): the address (with its "get code" button) and the code. */
export const EMAIL_BIND_FIELDS: readonly FormFieldDef<EmailBindValues>[] = [
  { name: 'email', kind: 'text', labelKey: 'users.fields.email', required: true },
  { name: 'code', kind: 'text', labelKey: 'users.profile.email_code', required: true },
];

/** The WeChat binding dialog: the code the official account replied with. */
export interface WechatBindValues {
  code: string;
}

export const wechatBindSchema: z.ZodType<WechatBindValues> = z.object({ code: wechatCodeSchema });

export const WECHAT_BIND_FIELDS: readonly FormFieldDef<WechatBindValues>[] = [
  { name: 'code', kind: 'text', labelKey: 'users.profile.email_code', required: true },
];

/** The "get code" step of the dialog: the address alone, checked before a code is asked for. */
export const emailCodeRequestSchema = z.object({ email: requiredEmailSchema });

/** Seconds the "get code" button waits before it may send again (§23). */
export const VERIFICATION_RESEND_SECONDS = 30;

/** Binds the caller's e-mail after the code check (`GET /api/oauth/email/bind`). */
export async function bindEmail(client: ApiClient, values: EmailBindValues): Promise<void> {
  const checked = (emailBindSchema as z.ZodType<EmailBindValues>).parse(values);
  await client.send('GET', '/api/oauth/email/bind', { query: { email: checked.email, code: checked.code } });
}

/** One row of the account-binding tab. */
export interface BindingRow {
  id: 'email' | 'github' | 'wechat' | 'lark' | 'oidc';
  labelKey: string;
  /** What the account is bound to, or '' when it is not bound. */
  boundTo: string;
  /** Whether the row offers a bind (or change) button: OIDC is unbind-only (§23). */
  canBind: boolean;
  /** Whether the row offers unbind (bound, and not e-mail: the server unbinds only these four). */
  canUnbind: boolean;
}

/**
 * The binding rows a site offers (§23): e-mail always; WeChat, GitHub, OIDC when the server enables
 * them; Lark when its client id is set. `status` is `/api/status`.
 */
export function bindingRows(
  user: User,
  status: { wechat_login: boolean; github_oauth: boolean; lark_client_id: string; oidc_auth: boolean },
): BindingRow[] {
  const github = user.github_id || (user.github_id_new ? String(user.github_id_new) : '');
  const rows: BindingRow[] = [
    { id: 'email', labelKey: 'users.bindings.email', boundTo: user.email, canBind: true, canUnbind: false },
  ];
  const add = (id: BindingRow['id'], boundTo: string, canBind = true) =>
    rows.push({ id, labelKey: `users.bindings.${id}`, boundTo, canBind, canUnbind: boundTo !== '' });
  if (status.wechat_login) add('wechat', user.wechat_id);
  if (status.github_oauth) add('github', github);
  if (status.lark_client_id) add('lark', user.lark_id);
  if (status.oidc_auth) add('oidc', user.oidc_id, false);
  return rows;
}

/** A registered passkey (`GET /api/webauthn/credentials`); the server may send `null` for none. */
export const passkeySchema = z.looseObject({
  id: z.number().int(),
  credential_id: z.string().default(''),
  alias: z.string().default(''),
  created_time: z.number().int().default(0),
});
export type Passkey = z.output<typeof passkeySchema>;

/** The caller's passkeys. */
export function listPasskeys(client: ApiClient): Promise<Passkey[]> {
  return client.request(
    'GET',
    '/api/webauthn/credentials',
    z
      .array(passkeySchema)
      .nullable()
      .transform((list) => list ?? []),
  );
}

/** Deletes one of the caller's passkeys by its row id. */
export async function deletePasskey(client: ApiClient, id: number): Promise<void> {
  await client.send('DELETE', `/api/webauthn/credentials/${id}`);
}

/** A credential id as the list shows it: its first 20 characters, the whole one in a tooltip (§23). */
export function shortCredentialId(id: string): string {
  return id.length > 20 ? `${id.slice(0, 20)}…` : id;
}

// ---- Passkey ceremonies (contract §1.3) ----

/** Longest passkey name kept (the column's width). */
export const PASSKEY_ALIAS_MAX = 64;
/**
 * Longest credential id taken, base64url: 700 characters (525 bytes) still fit a unique index on every
 * database gw runs on; authenticators' ids are 16–64 bytes in practice.
 */
export const PASSKEY_CREDENTIAL_ID_MAX = 700;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'base64url');
/** Generous bounds: attestation objects carry certificates for some formats; assertions are small. */
const CEREMONY_FIELD_MAX = 64 * 1024;

/** `POST /api/webauthn/registration/begin`: an optional name for the new passkey. */
export const passkeyRegistrationBeginSchema = z.object({
  alias: z.string().trim().max(PASSKEY_ALIAS_MAX).default(''),
});

/** `POST /api/webauthn/login/begin`: a username, or `""` for a discoverable passkey. */
export const passkeyLoginBeginSchema = z.object({
  username: z.string().trim().max(255).default(''),
});

/** The browser's new credential as JSON (`navigator.credentials.create`, binary fields base64url). */
export const passkeyRegistrationSchema = z.looseObject({
  id: base64url(PASSKEY_CREDENTIAL_ID_MAX).min(1),
  rawId: base64url(PASSKEY_CREDENTIAL_ID_MAX).min(1),
  type: z.literal('public-key'),
  response: z.looseObject({
    attestationObject: base64url(CEREMONY_FIELD_MAX).min(1),
    clientDataJSON: base64url(CEREMONY_FIELD_MAX).min(1),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});
export type PasskeyRegistration = z.output<typeof passkeyRegistrationSchema>;

/** The browser's signed assertion as JSON (`navigator.credentials.get`, binary fields base64url). */
export const passkeyAssertionSchema = z.looseObject({
  id: base64url(PASSKEY_CREDENTIAL_ID_MAX).min(1),
  rawId: base64url(PASSKEY_CREDENTIAL_ID_MAX).min(1),
  type: z.literal('public-key'),
  response: z.looseObject({
    authenticatorData: base64url(CEREMONY_FIELD_MAX).min(1),
    clientDataJSON: base64url(CEREMONY_FIELD_MAX).min(1),
    signature: base64url(CEREMONY_FIELD_MAX).min(1),
    userHandle: base64url(1024).nullish(),
  }),
});
export type PasskeyAssertion = z.output<typeof passkeyAssertionSchema>;

/** A begin reply: the options for the browser's WebAuthn call, under `publicKey` as one-hub sends them. */
const ceremonyOptionsSchema = z.object({ publicKey: z.looseObject({ challenge: z.string() }) });

/** Starts registering a passkey for the caller; the creation options (challenge and ids base64url). */
export async function beginPasskeyRegistration(client: ApiClient, alias: string) {
  const reply = await client.request('POST', '/api/webauthn/registration/begin', ceremonyOptionsSchema, {
    body: { alias },
  });
  return reply.publicKey;
}

/** Sends the new credential; the server checks it against the challenge and stores it. */
export async function finishPasskeyRegistration(client: ApiClient, credential: unknown): Promise<void> {
  await client.send('POST', '/api/webauthn/registration/finish', { body: credential });
}

/** Starts a passkey sign-in (`username` blank: any passkey of this site); the request options. */
export async function beginPasskeyLogin(client: ApiClient, username: string) {
  const reply = await client.request('POST', '/api/webauthn/login/begin', ceremonyOptionsSchema, {
    body: { username },
  });
  return reply.publicKey;
}

/** Sends the signed assertion; signs in as the passkey's owner (the same reply as a password sign-in). */
export function finishPasskeyLogin(client: ApiClient, assertion: unknown): Promise<User> {
  return client.request('POST', '/api/webauthn/login/finish', userSchema, { body: assertion });
}

/** The browser's WebAuthn refusals (DOMException names) a person can act on, and what to tell them. */
const PASSKEY_BROWSER_ERRORS: Record<string, string> = {
  NotAllowedError: 'account.passkey.not_allowed',
  AbortError: 'account.passkey.not_allowed',
  NotSupportedError: 'account.passkey.not_supported',
  InvalidStateError: 'account.passkey.invalid_state',
  SecurityError: 'account.passkey.security',
};

/**
 * The i18n key for a failed `navigator.credentials` call, by the error's name (or its cause's, as
 * wrapping libraries keep it); undefined for anything else, which is worded as a server error.
 */
export function passkeyBrowserErrorKey(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = (error as { cause?: unknown }).cause;
  const names = [error.name, cause instanceof Error ? cause.name : ''];
  for (const name of names) if (PASSKEY_BROWSER_ERRORS[name]) return PASSKEY_BROWSER_ERRORS[name];
  return undefined;
}
