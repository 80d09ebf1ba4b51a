import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../i18n/languages.js';
import { RESOURCES } from '../../i18n/resources.js';
import { OPTION_DEFINITIONS } from './option-definitions.js';
import { optionDefinition } from './option-registry.js';
import {
  changedOptions,
  OPTION_SCREEN_TABS,
  optionCards,
  optionChoiceLabel,
  optionEditRefusal,
  optionEditText,
  optionHelpKey,
  optionLabelKey,
  optionNote,
  optionSaveKey,
  savesOnClick,
} from './option-screen.js';

/** The text at a dotted key of a language's strings, or undefined. */
function lookup(language: (typeof LANGUAGES)[number], key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      RESOURCES[language].translation,
    );
}

const def = (key: string) => {
  const found = optionDefinition(key);
  if (!found) throw new Error(key);
  return found;
};

describe('settings screen strings', () => {
  it.each(LANGUAGES)('%s has a label and a help text for every registered option', (language) => {
    for (const { key } of OPTION_DEFINITIONS) {
      expect(typeof lookup(language, optionLabelKey(key)), `${language} ${key} label`).toBe('string');
      expect(typeof lookup(language, optionHelpKey(key)), `${language} ${key} help`).toBe('string');
    }
  });

  it.each(LANGUAGES)('%s names every card the screen shows', (language) => {
    for (const tab of OPTION_SCREEN_TABS) {
      for (const { card } of optionCards(tab)) {
        expect(typeof lookup(language, `options.cards.${card}`), `${language} ${card}`).toBe('string');
      }
    }
  });
});

describe('settings screen layout (§24)', () => {
  it('shows every writable option of a tab exactly once, never the internal ones', () => {
    const shown = OPTION_SCREEN_TABS.flatMap((tab) => optionCards(tab).flatMap((card) => card.options));
    const expected = OPTION_DEFINITIONS.filter((d) => d.tab !== 'internal' && !d.readOnly);
    expect(shown.map((d) => d.key).sort()).toEqual(expected.map((d) => d.key).sort());
    expect(shown.some((d) => d.key === 'ModelRatio')).toBe(false);
  });

  it('keeps the two in-flight options in the quota card', () => {
    const quota = optionCards('operation').find((card) => card.card === 'quota');
    expect(quota?.options.map((d) => d.key)).toEqual(
      expect.arrayContaining(['QuotaForNewUser', 'InFlightQuotaCheckEnabled', 'InFlightCompletionTokens']),
    );
  });

  it('saves …Enabled switches on click, EnableSafe with its card', () => {
    expect(savesOnClick(def('GitHubOAuthEnabled'))).toBe(true);
    expect(savesOnClick(def('EnableSafe'))).toBe(false);
    expect(savesOnClick(def('QuotaForNewUser'))).toBe(false);
  });

  it('gives the Other tab one Save per field and the quota card one Save for the card', () => {
    expect(optionCards('other').every((card) => card.perField)).toBe(true);
    expect(optionCards('operation').some((card) => card.perField)).toBe(false);
  });
});

describe('what a card Save writes', () => {
  const quota = optionCards('operation').find((card) => card.card === 'quota')?.options ?? [];
  const loaded = new Map([
    ['QuotaForNewUser', '0'],
    ['PreConsumedQuota', '500'],
  ]);

  it('writes only the changed keys', () => {
    const edited = new Map([
      ['QuotaForNewUser', '2500'],
      ['PreConsumedQuota', '500'],
    ]);
    expect(changedOptions(quota, loaded, edited)).toEqual([{ key: 'QuotaForNewUser', value: '2500' }]);
  });

  it('writes a secret only when something was typed', () => {
    const smtp = optionCards('system').find((card) => card.card === 'smtp')?.options ?? [];
    expect(changedOptions(smtp, new Map(), new Map([['SMTPToken', '']]))).toEqual([]);
    expect(changedOptions(smtp, new Map(), new Map([['SMTPToken', 'tok']]))).toEqual([
      { key: 'SMTPToken', value: 'tok' },
    ]);
  });

  it('writes the SMTP port only when one is typed (§24.2: blank keeps the stored one)', () => {
    const smtp = optionCards('system').find((card) => card.card === 'smtp')?.options ?? [];
    const loaded = new Map([['SMTPPort', '465']]);
    expect(changedOptions(smtp, loaded, new Map([['SMTPPort', '']]))).toEqual([]);
    expect(changedOptions(smtp, loaded, new Map([['SMTPPort', '587']]))).toEqual([
      { key: 'SMTPPort', value: '587' },
    ]);
  });

  it('puts each §24 note above its option and names each own Save as the spec does', () => {
    expect(optionNote('Footer')).toEqual({ key: 'options.screen.copyright_note', intent: 'warning' });
    expect(optionNote('RechargeDiscount')?.key).toBe('options.screen.discount_note');
    expect(optionNote('QuotaForNewUser')).toBeUndefined();
    expect(optionSaveKey('ServerAddress')).toBe('options.screen.update_server_address');
    expect(optionSaveKey('Logo')).toBe('options.screen.set');
    expect(optionSaveKey('Notice')).toBe('options.screen.save_notice');
    expect(optionSaveKey('About')).toBe('options.screen.save');
    for (const language of LANGUAGES) {
      for (const key of [
        'ChatImageRequestProxy',
        'CFWorkerImageUrl',
        'PaymentUSDRate',
        'ChatLinks',
        'SMTPServer',
      ])
        expect(typeof lookup(language, optionNote(key)?.key ?? '')).toBe('string');
    }
  });

  it('shows JSON pretty, stores it compact and leaves an unchanged one alone', () => {
    const discount = def('RechargeDiscount');
    const stored = '{"10":0.9}';
    const shown = optionEditText(discount, stored);
    expect(shown).toBe('{\n  "10": 0.9\n}');
    const loadedJson = new Map([['RechargeDiscount', stored]]);
    expect(changedOptions([discount], loadedJson, new Map([['RechargeDiscount', shown]]))).toEqual([]);
    expect(changedOptions([discount], loadedJson, new Map([['RechargeDiscount', '{ "20": 0.8 }']]))).toEqual([
      { key: 'RechargeDiscount', value: '{"20":0.8}' },
    ]);
  });

  it('refuses what the server would refuse, naming the i18n key', () => {
    expect(optionEditRefusal('QuotaForNewUser', '-5')?.key).toBe('options.errors.min');
    expect(optionEditRefusal('RechargeDiscount', '{"10":')?.key).toBe('options.errors.json');
    expect(optionEditRefusal('QuotaForNewUser', '100')).toBeUndefined();
  });

  it('names each choice of a menu: a language by its own name and code, a safety tool translated', () => {
    const t = (key: string) => `t:${key}`;
    expect(def('Language').choices?.map((choice) => optionChoiceLabel('Language', choice, t))).toEqual([
      '简体中文 (zh_CN)',
      '繁體中文 (zh_HK)',
      'English (en_US)',
      '日本語 (ja_JP)',
    ]);
    expect(optionChoiceLabel('SafeToolName', 'Keyword', t)).toBe('t:options.safe_tools.Keyword');
    expect(optionChoiceLabel('Language', 'xx_XX', t)).toBe('xx_XX');
  });
});
