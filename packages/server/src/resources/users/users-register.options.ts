// The site options registration reads (contract §3.5), with the registry's defaults.
import { optionDefault } from '@gw/core';
import type { OptionStore } from '../../shared/context.js';

const KEYS = [
  'RegisterEnabled',
  'PasswordRegisterEnabled',
  'EmailVerificationEnabled',
  'EmailDomainRestrictionEnabled',
  'EmailDomainWhitelist',
  'QuotaForNewUser',
  'QuotaForInviter',
  'QuotaForInvitee',
  'ServerAddress',
  'SystemName',
] as const;

type RegistrationOptionKey = (typeof KEYS)[number];

/** Registration settings as typed values. */
export interface RegistrationOptions {
  registerEnabled: boolean;
  passwordRegisterEnabled: boolean;
  emailVerificationEnabled: boolean;
  emailDomainRestrictionEnabled: boolean;
  emailDomainWhitelist: string[];
  quotaForNewUser: number;
  quotaForInviter: number;
  quotaForInvitee: number;
  serverAddress: string;
  systemName: string;
}

/** A gift amount: a whole, non-negative number of points (anything else counts as no gift). */
function points(text: string): number {
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** Reads the registration settings in one query. */
export async function readRegistrationOptions(options: OptionStore): Promise<RegistrationOptions> {
  const stored = await options.getMany(KEYS);
  // Defaults come from core's option registry, the one list of options and their defaults.
  const get = (key: RegistrationOptionKey) => stored.get(key) ?? optionDefault(key);
  return {
    registerEnabled: get('RegisterEnabled') === 'true',
    passwordRegisterEnabled: get('PasswordRegisterEnabled') === 'true',
    emailVerificationEnabled: get('EmailVerificationEnabled') === 'true',
    emailDomainRestrictionEnabled: get('EmailDomainRestrictionEnabled') === 'true',
    emailDomainWhitelist: get('EmailDomainWhitelist')
      .split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
    quotaForNewUser: points(get('QuotaForNewUser')),
    quotaForInviter: points(get('QuotaForInviter')),
    quotaForInvitee: points(get('QuotaForInvitee')),
    serverAddress: get('ServerAddress').replace(/\/+$/, ''),
    systemName: get('SystemName') || optionDefault('SystemName'),
  };
}

/** Tells whether an address's domain passes the whitelist (when the restriction is on). */
export function emailDomainAllowed(settings: RegistrationOptions, email: string): boolean {
  if (!settings.emailDomainRestrictionEnabled) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return settings.emailDomainWhitelist.includes(domain);
}
