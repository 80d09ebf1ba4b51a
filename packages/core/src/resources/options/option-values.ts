// Per-key validation of option writes (`PUT /api/option/`): the value's kind, bounds and JSON shape,
// then the cross-key pre-checks of the contract. A refusal names an i18n key of the `options` section.
import { optionDefinition } from './option-registry.js';
import { OPTION_TEXT_MAX_LENGTH, type OptionDefinition } from './option-types.js';
import { jsonOptionRefusal } from './option-json.js';

/** Why a value was refused: an `options.errors.*` key and its parameters. */
export interface OptionRefusal {
  key: string;
  params: Record<string, unknown>;
}

export type OptionCheck = { ok: true; value: string } | { ok: false; refusal: OptionRefusal };

const refuse = (key: string, params: Record<string, unknown>): OptionCheck => ({
  ok: false,
  refusal: { key: `options.errors.${key}`, params },
});

const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const INTEGER = /^-?\d+$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

function boundsRefusal(def: OptionDefinition, number: number): OptionCheck | undefined {
  const params = { option: def.key, min: def.min, max: def.max };
  if (def.min !== undefined && def.exclusiveMin && number <= def.min) return refuse('above', params);
  if (def.min !== undefined && number < def.min) return refuse('min', params);
  if (def.max !== undefined && number > def.max) return refuse('max', params);
  return undefined;
}

function checkNumber(def: OptionDefinition, value: string): OptionCheck {
  const integer = def.kind === 'int';
  if (!(integer ? INTEGER : DECIMAL).test(value)) {
    return refuse(integer ? 'integer' : 'decimal', { option: def.key });
  }
  const number = Number(value);
  if (!Number.isFinite(number) || (integer && !Number.isSafeInteger(number))) {
    return refuse('max', { option: def.key, max: Number.MAX_SAFE_INTEGER });
  }
  return boundsRefusal(def, number) ?? { ok: true, value: integer ? String(number) : value };
}

function checkUrl(def: OptionDefinition, value: string): OptionCheck {
  if (value === '') return { ok: true, value };
  const schemes = def.schemes ?? ['http', 'https'];
  let scheme = '';
  try {
    const url = new URL(value);
    scheme = url.protocol.replace(/:$/, '');
    if (!url.hostname) scheme = '';
  } catch {
    scheme = '';
  }
  if (!schemes.includes(scheme)) {
    return refuse('url', { option: def.key, schemes: schemes.map((s) => `${s}://`).join(', ') });
  }
  return { ok: true, value: def.trimTrailingSlash ? value.replace(/\/+$/, '') : value };
}

function checkDomains(def: OptionDefinition, value: string): OptionCheck {
  const domains = value
    .split(',')
    .map((domain) => domain.trim())
    .filter(Boolean);
  const bad = domains.find((domain) => !DOMAIN.test(domain));
  if (bad !== undefined) return refuse('domain', { option: def.key, domain: bad });
  return { ok: true, value: domains.join(',') };
}

function checkKind(def: OptionDefinition, value: string): OptionCheck {
  switch (def.kind) {
    case 'bool':
      return value === 'true' || value === 'false'
        ? { ok: true, value }
        : refuse('bool', { option: def.key });
    case 'int':
    case 'decimal':
      return checkNumber(def, value);
    case 'url':
      return checkUrl(def, value);
    case 'domains':
      return checkDomains(def, value);
    case 'choice':
      return def.choices?.includes(value)
        ? { ok: true, value }
        : refuse('choice', { option: def.key, values: (def.choices ?? []).join(', ') });
    case 'json': {
      const refusal = def.json ? jsonOptionRefusal(def.json, value) : undefined;
      return refusal
        ? {
            ok: false,
            refusal: { key: `options.errors.${refusal.key}`, params: { option: def.key, ...refusal.params } },
          }
        : { ok: true, value };
    }
    default:
      return { ok: true, value };
  }
}

/**
 * Checks one option write on its own: the key is registered and writable, the value has the key's
 * kind, bounds, length and JSON shape. Returns the text to store (ints normalised, trailing slashes
 * of addresses dropped, domain lists tidied).
 */
export function checkOptionValue(key: string, value: string): OptionCheck {
  const def = optionDefinition(key);
  if (!def) return refuse('unknown_key', { option: key });
  if (def.readOnly) return refuse('read_only', { option: key });
  const maxLength = def.maxLength ?? OPTION_TEXT_MAX_LENGTH;
  if (value.length > maxLength) return refuse('too_long', { option: key, max: maxLength });
  return checkKind(def, value);
}

/** Enabling a sign-in method needs its settings first (contract §1.15 pre-checks). */
const ENABLE_NEEDS: Record<string, { needs: readonly string[]; refusal: string }> = {
  GitHubOAuthEnabled: { needs: ['GitHubClientId'], refusal: 'github_needs_client_id' },
  OIDCAuthEnabled: {
    needs: ['OIDCClientId', 'OIDCClientSecret', 'OIDCIssuer', 'OIDCScopes', 'OIDCUsernameClaims'],
    refusal: 'oidc_needs_settings',
  },
  EmailDomainRestrictionEnabled: { needs: ['EmailDomainWhitelist'], refusal: 'email_domains_need_whitelist' },
  WeChatAuthEnabled: { needs: ['WeChatServerAddress'], refusal: 'wechat_needs_server' },
  TurnstileCheckEnabled: { needs: ['TurnstileSiteKey'], refusal: 'turnstile_needs_site_key' },
  LarkAuthEnabled: { needs: ['LarkClientId'], refusal: 'lark_needs_client_id' },
};

/** The option keys a write of `key` must read before its pre-check (empty: none). */
export function optionPrecheckKeys(key: string): readonly string[] {
  return ENABLE_NEEDS[key]?.needs ?? [];
}

/**
 * The pre-check of a write given the current values of `optionPrecheckKeys(key)` (with defaults
 * applied): turning a sign-in method on needs its settings filled in.
 */
export function optionPrecheckRefusal(
  key: string,
  value: string,
  current: ReadonlyMap<string, string>,
): OptionRefusal | undefined {
  const rule = ENABLE_NEEDS[key];
  if (!rule || value !== 'true') return undefined;
  const missing = rule.needs.filter((need) => !(current.get(need) ?? '').trim());
  if (missing.length === 0) return undefined;
  return { key: `options.errors.${rule.refusal}`, params: { option: key, missing: missing.join(', ') } };
}
