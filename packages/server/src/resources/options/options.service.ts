// Site options over the options table (contract §1.15, §3.5): the listing hides every secret, and a write
// is checked against the core registry (kind, bounds, JSON shape, pre-checks) before anything is stored.
import {
  checkOptionValue,
  isSecretOption,
  OPTION_REGISTRY,
  type OptionEntry,
  optionDefault,
  optionPrecheckKeys,
  optionPrecheckRefusal,
  type OptionUpdate,
} from '@gw/core';
import { ApiFailure, fieldFailure } from '../../shared/api-failure.js';
import type { OptionStore } from '../../shared/context.js';

/** The registered option values of `keys`, defaults filled in. */
export async function readOptionValues(
  store: OptionStore,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const stored = await store.getMany(keys);
  return new Map(keys.map((key) => [key, stored.get(key) ?? optionDefault(key)]));
}

/** The option rules over the store. */
export function createOptionsService(store: OptionStore) {
  const listedKeys = OPTION_REGISTRY.map((def) => def.key).filter((key) => !isSecretOption(key));
  return {
    /** Every registered, non-secret option as `{key, value}` text, defaults filled in. */
    async list(): Promise<OptionEntry[]> {
      const values = await readOptionValues(store, listedKeys);
      return listedKeys.map((key) => ({ key, value: values.get(key) ?? '' }));
    },

    /** Validates and stores one option; a refused value leaves the stored one untouched (quirk §6.21). */
    async update(input: OptionUpdate): Promise<void> {
      const checked = checkOptionValue(input.key, input.value);
      if (!checked.ok) {
        const { key, params } = checked.refusal;
        // An unknown or read-only key is about the key itself; anything else is about the value.
        if (key.endsWith('.unknown_key') || key.endsWith('.read_only')) {
          throw new ApiFailure('VALIDATION_FAILED', key, {
            params,
            fields: [{ field: 'key', key, message: key, params }],
          });
        }
        throw fieldFailure('value', key, params);
      }
      const needs = optionPrecheckKeys(input.key);
      if (needs.length > 0) {
        const refusal = optionPrecheckRefusal(input.key, checked.value, await readOptionValues(store, needs));
        if (refusal) throw new ApiFailure('FAILED', refusal.key, { params: refusal.params });
      }
      await store.set(input.key, checked.value);
    },
  };
}

export type OptionsService = ReturnType<typeof createOptionsService>;
