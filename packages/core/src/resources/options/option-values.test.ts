// The option registry and its per-key rules (contract §3.5, console-spec §5).
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.js';
import { OPTION_REGISTRY, isSecretOption, optionDefault, optionDefinition } from './option-registry.js';
import { checkOptionValue, optionPrecheckKeys, optionPrecheckRefusal } from './option-values.js';

describe('option registry', () => {
  it('registers each key once, with a default its own rules accept', () => {
    const keys = OPTION_REGISTRY.map((def) => def.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const def of OPTION_REGISTRY.filter((d) => !d.readOnly)) {
      expect(checkOptionValue(def.key, def.default), def.key).toEqual({ ok: true, value: def.default });
    }
  });

  it('flags every secret: one-hub’s *Token/*Secret keys and the keys it leaked (quirk §6.5)', () => {
    for (const key of [
      'GitHubClientSecret',
      'WeChatServerToken',
      'OIDCClientSecret',
      'SMTPToken',
      'TurnstileSecretKey',
      'CFWorkerImageKey',
      'LarkClientSecret',
    ]) {
      expect(optionDefinition(key)?.secret, key).toBe(true);
      expect(isSecretOption(key)).toBe(true);
    }
    expect(isSecretOption('TurnstileSiteKey')).toBe(false);
    expect(isSecretOption('SessionSecret')).toBe(true);
  });

  it('registers the Lark client id and secret the console edits (quirk §6.4)', () => {
    expect(optionDefinition('LarkClientId')).toMatchObject({ tab: 'system', card: 'lark' });
  });

  it('keeps the contract’s defaults, with gw’s own system name and an unset server address', () => {
    expect(optionDefault('QuotaPerUnit')).toBe('500000');
    expect(optionDefault('SMTPPort')).toBe('587');
    expect(optionDefault('RechargeDiscount')).toBe('{}');
    expect(optionDefault('DisableChannelKeywords').split('\n')).toHaveLength(12);
    expect(optionDefault('SystemName')).toBe('gw');
    expect(optionDefault('ServerAddress')).toBe('');
    expect(() => optionDefault('NoSuchOption')).toThrow();
  });
});

describe('checkOptionValue', () => {
  const refusal = (key: string, value: string) => {
    const result = checkOptionValue(key, value);
    return result.ok ? undefined : result.refusal.key;
  };

  it.each([
    ['NoSuchOption', 'x', 'options.errors.unknown_key'],
    ['OldTokenMaxId', '5', 'options.errors.read_only'],
    ['RegisterEnabled', 'yes', 'options.errors.bool'],
    ['RegisterEnabled', 'TRUE', 'options.errors.bool'],
    ['RetryTimes', '1.5', 'options.errors.integer'],
    ['RetryTimes', '-1', 'options.errors.min'],
    ['RetryTimes', '99999999999999999999', 'options.errors.max'],
    ['SMTPPort', '70000', 'options.errors.max'],
    ['QuotaPerUnit', '0', 'options.errors.above'],
    ['QuotaPerUnit', 'abc', 'options.errors.decimal'],
    ['ClaudeBudgetTokensPercentage', '1.5', 'options.errors.max'],
    ['ServerAddress', 'ftp://example.com', 'options.errors.url'],
    ['ServerAddress', 'not a url', 'options.errors.url'],
    ['ChatImageRequestProxy', 'file:///etc/passwd', 'options.errors.url'],
    ['SafeToolName', 'Other', 'options.errors.choice'],
    ['Language', 'fr_FR', 'options.errors.choice'],
    ['EmailDomainWhitelist', 'gmail.com,not a domain', 'options.errors.domain'],
    ['SystemName', 'x'.repeat(513), 'options.errors.too_long'],
    ['RechargeDiscount', '{', 'options.errors.json'],
    ['RechargeDiscount', '[1]', 'options.errors.json_object'],
    ['RechargeDiscount', '{"ten":0.9}', 'options.errors.discount_amount'],
    ['RechargeDiscount', '{"0":0.9}', 'options.errors.discount_amount'],
    ['RechargeDiscount', '{"10":0}', 'options.errors.discount_factor'],
    ['RechargeDiscount', '{"10":"0.9"}', 'options.errors.discount_factor'],
    ['ModelRatio', '{"gpt-4":-1}', 'options.errors.map_ratio'],
    ['ModelRatio', '{"":1}', 'options.errors.map_name'],
    ['ClaudeDefaultMaxTokens', '{"default":0}', 'options.errors.map_positive_int'],
    ['GeminiOpenThink', '{"gemini-2.5-pro":"yes"}', 'options.errors.map_bool'],
    ['ChatLinks', '{}', 'options.errors.json_array'],
    ['ChatLinks', '[{"url":"https://a.example"}]', 'options.errors.chat_link_name'],
    ['ChatLinks', '[{"name":"A"}]', 'options.errors.chat_link_url'],
    ['ChatLinks', '[{"name":"A","url":"u","show":"yes"}]', 'options.errors.chat_link_show'],
    ['ChatLinks', '[{"name":"A","url":"u","sort":-1}]', 'options.errors.chat_link_sort'],
  ])('refuses %s = %j with %s', (key, value, expected) => {
    expect(refusal(key, value)).toBe(expected);
  });

  it.each([
    ['RegisterEnabled', 'false', 'false'],
    ['RetryTimes', '007', '7'],
    ['PaymentUSDRate', '7.25', '7.25'],
    ['ServerAddress', 'https://gw.example.com/', 'https://gw.example.com'],
    ['ChatImageRequestProxy', 'socks5://127.0.0.1:1080', 'socks5://127.0.0.1:1080'],
    ['EmailDomainWhitelist', 'gmail.com, qq.com,,', 'gmail.com,qq.com'],
    ['RechargeDiscount', '{"10":0.95,"100":0.9}', '{"10":0.95,"100":0.9}'],
    ['ChatLinks', '', ''],
    ['ChatLinks', '[{"name":"Next","url":"https://x/{key}","show":true,"sort":1}]', undefined],
    ['GeminiOpenThink', '{"gemini-2.5-pro":true}', undefined],
    ['Language', 'en_US', 'en_US'],
    ['TopUpLink', '', ''],
  ])('accepts %s = %j', (key, value, stored) => {
    expect(checkOptionValue(key, value)).toEqual({ ok: true, value: stored ?? value });
  });

  it('writes refusals every locale can render', () => {
    const result = checkOptionValue('RechargeDiscount', '{"10":0}');
    if (result.ok) throw new Error('expected a refusal');
    expect(translate('en_US', result.refusal.key, result.refusal.params)).toBe(
      'In RechargeDiscount, the discount of amount 10 must be a number greater than 0',
    );
  });
});

describe('option pre-checks', () => {
  it('refuses to enable GitHub OAuth without a client id, and allows turning it off', () => {
    expect(optionPrecheckKeys('GitHubOAuthEnabled')).toEqual(['GitHubClientId']);
    const empty = new Map([['GitHubClientId', '']]);
    expect(optionPrecheckRefusal('GitHubOAuthEnabled', 'true', empty)?.key).toBe(
      'options.errors.github_needs_client_id',
    );
    expect(optionPrecheckRefusal('GitHubOAuthEnabled', 'false', empty)).toBeUndefined();
    expect(
      optionPrecheckRefusal('GitHubOAuthEnabled', 'true', new Map([['GitHubClientId', 'abc']])),
    ).toBeUndefined();
  });

  it('names every missing OIDC setting', () => {
    const current = new Map([
      ['OIDCClientId', 'id'],
      ['OIDCClientSecret', ''],
      ['OIDCIssuer', 'https://issuer.example'],
      ['OIDCScopes', ''],
      ['OIDCUsernameClaims', 'preferred_username'],
    ]);
    expect(optionPrecheckRefusal('OIDCAuthEnabled', 'true', current)?.params.missing).toBe(
      'OIDCClientSecret, OIDCScopes',
    );
  });

  it('has no pre-check for ordinary keys', () => {
    expect(optionPrecheckKeys('SystemName')).toEqual([]);
  });
});
