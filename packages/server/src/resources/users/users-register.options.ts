// The site options registration reads (contract §3.5), with their documented defaults.
import type { OptionStore } from '../../shared/context.js';

const DEFAULTS = {
  RegisterEnabled: 'true',
  PasswordRegisterEnabled: 'true',
  EmailVerificationEnabled: 'false',
  EmailDomainRestrictionEnabled: 'false',
  EmailDomainWhitelist:
    'gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com',
  QuotaForNewUser: '0',
  QuotaForInviter: '0',
  QuotaForInvitee: '0',
  ServerAddress: '',
  SystemName: 'gw',
} as const;

type RegistrationOptionKey = keyof typeof DEFAULTS;

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
  const keys = Object.keys(DEFAULTS) as RegistrationOptionKey[];
  const stored = await options.getMany(keys);
  const get = (key: RegistrationOptionKey) => stored.get(key) ?? DEFAULTS[key];
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
    systemName: get('SystemName') || DEFAULTS.SystemName,
  };
}

/** Tells whether an address's domain passes the whitelist (when the restriction is on). */
export function emailDomainAllowed(settings: RegistrationOptions, email: string): boolean {
  if (!settings.emailDomainRestrictionEnabled) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return settings.emailDomainWhitelist.includes(domain);
}
