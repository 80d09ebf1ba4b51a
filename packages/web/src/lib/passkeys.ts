// The browser half of the passkey ceremonies (contract §1.3): the server's options go to
// navigator.credentials through @simplewebauthn/browser (base64url ⇄ bytes both ways), and the result
// back. The sign-in page imports this module on first use, so its first load carries none of it.
import {
  type ApiClient,
  type Language,
  loadLocale,
  beginPasskeyLogin,
  beginPasskeyRegistration,
  describeError,
  finishPasskeyLogin,
  finishPasskeyRegistration,
  passkeyBrowserErrorKey,
  type Translate,
  type User,
} from '@gw/core';
import type { i18n as I18n } from 'i18next';

const browserLibrary = () => import('@simplewebauthn/browser');

/** Signs in with a passkey (`username` blank: any passkey of this site the device holds). */
export async function signInWithPasskey(client: ApiClient, username: string): Promise<User> {
  const { browserSupportsWebAuthn, startAuthentication } = await browserLibrary();
  if (!browserSupportsWebAuthn()) throw notSupported();
  const options = await beginPasskeyLogin(client, username);
  // biome-ignore lint/suspicious/noExplicitAny: the server sends the library's own JSON form.
  const assertion = await startAuthentication({ optionsJSON: options as any });
  return finishPasskeyLogin(client, assertion);
}

/** Registers a new passkey for the signed-in user under `alias`. */
export async function registerPasskey(client: ApiClient, alias: string): Promise<void> {
  const { browserSupportsWebAuthn, startRegistration } = await browserLibrary();
  if (!browserSupportsWebAuthn()) throw notSupported();
  const options = await beginPasskeyRegistration(client, alias);
  // biome-ignore lint/suspicious/noExplicitAny: the server sends the library's own JSON form.
  const credential = await startRegistration({ optionsJSON: options as any });
  await finishPasskeyRegistration(client, credential);
}

function notSupported(): Error {
  const error = new Error('WebAuthn is not supported here');
  error.name = 'NotSupportedError';
  return error;
}

/** A failed ceremony in words: the browser's refusals as friendly sentences, else the server's message. */
export function passkeyErrorText(error: unknown, t: Translate): string {
  const key = passkeyBrowserErrorKey(error);
  if (key) return t(key);
  const notice = describeError(error);
  return t(notice.key, notice.params);
}

/** Loads the strings that word a failed ceremony (the `account` section) when they are not loaded yet. */
export async function loadPasskeyStrings(i18n: I18n): Promise<void> {
  if (i18n.exists('account.passkey.not_allowed')) return;
  const language = i18n.language as Language;
  i18n.addResourceBundle(language, 'translation', await loadLocale(language, ['account']), true, false);
}
