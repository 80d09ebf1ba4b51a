// The settings screen's layout and save rules (console-screens §24), face-neutral: which cards a tab
// shows, which options save on click, what a card's Save writes, and how a refusal reads.
import { LANGUAGE_NAMES, type Language } from '../../i18n/languages.js';
import { OPTION_REGISTRY } from './option-registry.js';
import type { OptionDefinition, OptionTab } from './option-types.js';
import { checkOptionValue, type OptionRefusal } from './option-values.js';

/** The tabs the settings screen shows, in order (`internal` options have no card). */
export const OPTION_SCREEN_TABS = ['operation', 'system', 'other'] as const satisfies readonly OptionTab[];
export type OptionScreenTab = (typeof OPTION_SCREEN_TABS)[number];

/** One card of a tab: its name (`options.cards.<card>`) and its options in screen order. */
export interface OptionCard {
  tab: OptionScreenTab;
  card: string;
  options: readonly OptionDefinition[];
  /** Each field has its own Save (the Other tab and the server address: §24.2–24.3). */
  perField: boolean;
}

/** i18n key of an option's label. */
export const optionLabelKey = (key: string) => `options.fields.${key}.label`;
/** i18n key of an option's help text. */
export const optionHelpKey = (key: string) => `options.fields.${key}.help`;

/**
 * What a `choice` option's menu shows for one value: a safety tool's translated name, a language's own
 * name with its code (`简体中文 (zh_CN)`: the default-language menu showed bare codes), else the value.
 */
export function optionChoiceLabel(
  key: string,
  choice: string,
  t: (key: string, params?: Record<string, unknown>) => string,
): string {
  if (key === 'SafeToolName') return t(`options.safe_tools.${choice}`);
  if (key === 'Language' && choice in LANGUAGE_NAMES)
    return `${LANGUAGE_NAMES[choice as Language]} (${choice})`;
  return choice;
}

/** The cards of a tab, in the order their first option is registered. */
export function optionCards(tab: OptionScreenTab): OptionCard[] {
  const cards = new Map<string, OptionDefinition[]>();
  for (const def of OPTION_REGISTRY) {
    if (def.tab !== tab || def.readOnly) continue;
    const list = cards.get(def.card) ?? [];
    list.push(def);
    cards.set(def.card, list);
  }
  return [...cards].map(([card, options]) => ({
    tab,
    card,
    options,
    perField: tab === 'other' || (tab === 'system' && card === 'general'),
  }));
}

/** An `…Enabled` switch saves the moment it is clicked; every other field waits for its Save. */
export function savesOnClick(def: OptionDefinition): boolean {
  return def.kind === 'bool' && def.key.endsWith('Enabled');
}

/** A JSON option as the editor shows it: pretty-printed when it parses, as stored otherwise. */
export function optionEditText(def: OptionDefinition, value: string): string {
  if (def.kind !== 'json' || value.trim() === '') return value;
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

/** Whether a blank field keeps the stored value instead of writing "" (a secret, an SMTP port). */
export const keepsWhenBlank = (def: OptionDefinition): boolean =>
  def.secret === true || def.keepBlank === true;

/** A note the screen shows above an option (console-screens §24): its i18n key and whether it warns. */
export interface OptionNote {
  key: string;
  intent: 'primary' | 'warning';
}

const OPTION_NOTES: Readonly<Record<string, OptionNote>> = {
  ChatImageRequestProxy: { key: 'options.screen.proxy_note', intent: 'primary' },
  CFWorkerImageUrl: { key: 'options.screen.cf_worker_note', intent: 'primary' },
  PaymentUSDRate: { key: 'options.screen.payment_note', intent: 'primary' },
  RechargeDiscount: { key: 'options.screen.discount_note', intent: 'primary' },
  ChatLinks: { key: 'options.screen.chat_links_note', intent: 'primary' },
  SMTPServer: { key: 'options.screen.smtp_note', intent: 'primary' },
  Footer: { key: 'options.screen.copyright_note', intent: 'warning' },
};

/** The note above an option, if it has one. */
export const optionNote = (key: string): OptionNote | undefined => OPTION_NOTES[key];

/** The label of an option's own Save button, as §24.2–24.3 name them. */
export function optionSaveKey(key: string): string {
  if (key === 'ServerAddress') return 'options.screen.update_server_address';
  if (key === 'Notice') return 'options.screen.save_notice';
  if (key === 'SystemName' || key === 'Logo' || key === 'Footer') return 'options.screen.set';
  return 'options.screen.save';
}

/**
 * The writes a Save makes: options whose edited text differs from the loaded one. A secret is never
 * loaded, so it is written only when something was typed (blank keeps the stored one), like a port.
 */
export function changedOptions(
  options: readonly OptionDefinition[],
  loaded: ReadonlyMap<string, string>,
  edited: ReadonlyMap<string, string>,
): { key: string; value: string }[] {
  const writes: { key: string; value: string }[] = [];
  for (const def of options) {
    const value = edited.get(def.key);
    if (value === undefined) continue;
    if (keepsWhenBlank(def) && value === '') continue;
    if (!def.secret && value === optionEditText(def, loaded.get(def.key) ?? def.default)) continue;
    writes.push({
      key: def.key,
      value: def.kind === 'json' && value.trim() !== '' ? compactJson(value) : value,
    });
  }
  return writes;
}

/** JSON stored compact (the editor shows it pretty); text that does not parse is left for the check. */
function compactJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

/** The refusal of a value the screen is about to write, if any (the server's own per-key rules). */
export function optionEditRefusal(key: string, value: string): OptionRefusal | undefined {
  const checked = checkOptionValue(key, value);
  return checked.ok ? undefined : checked.refusal;
}
