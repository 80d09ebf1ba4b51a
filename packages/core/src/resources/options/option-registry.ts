// The one list of site options (contract §3.5): each key's kind, default, secrecy, rules and the settings
// tab and card that edit it. The server validates writes and fills defaults from it; faces lay out their
// settings screens from it.
import { OPTION_DEFINITIONS } from './option-definitions.js';
import type { OptionDefinition, OptionTab } from './option-types.js';

/** Every registered option, in settings-screen order. */
export const OPTION_REGISTRY: readonly OptionDefinition[] = OPTION_DEFINITIONS;

const BY_KEY: ReadonlyMap<string, OptionDefinition> = new Map(OPTION_REGISTRY.map((def) => [def.key, def]));

/** The definition of an option key, or undefined for a key gw does not know. */
export function optionDefinition(key: string): OptionDefinition | undefined {
  return BY_KEY.get(key);
}

/** The default text of a registered option (throws for an unknown key: a programming error). */
export function optionDefault(key: string): string {
  const def = BY_KEY.get(key);
  if (!def) throw new Error(`unknown option ${key}`);
  return def.default;
}

/** Whether an option's value must never leave the server. */
export function isSecretOption(key: string): boolean {
  // Registered secrets are flagged; one-hub's own rule (keys ending in Token/Secret) covers the rest.
  return BY_KEY.get(key)?.secret === true || /(Token|Secret)$/.test(key);
}

/** The keys of one settings tab, in screen order. */
export function optionKeysOfTab(tab: OptionTab): string[] {
  return OPTION_REGISTRY.filter((def) => def.tab === tab).map((def) => def.key);
}
