import type { ApiClient, FieldOption, FormFieldDef, OptionSource } from '@gw/core';
import { useEffect, useState } from 'react';
import { loadOptionSource } from '@gw/core';

/** A field's choices: fixed, read by the field itself, or from a shared source. */
export interface OptionField {
  name: string;
  options?: readonly FieldOption[];
  optionSource?: OptionSource;
  loadOptions?: FormFieldDef<unknown>['loadOptions'];
}

/**
 * The choices of every field by name, loaded once when the form opens. A field whose source fails
 * is left out (it then takes free text) and named in `failed`.
 */
export function useFieldOptions(client: ApiClient, fields: readonly OptionField[]) {
  const [loaded, setLoaded] = useState<Record<string, readonly FieldOption[]>>({});
  const [failed, setFailed] = useState<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields of one open form do not change
  useEffect(() => {
    let live = true;
    for (const field of fields) {
      if (field.options && !field.optionSource && !field.loadOptions) continue;
      const load = field.loadOptions
        ? field.loadOptions(client)
        : field.optionSource
          ? loadOptionSource(client, field.optionSource)
          : undefined;
      if (!load) continue;
      load.then(
        (options) => {
          if (live) setLoaded((previous) => ({ ...previous, [field.name]: options }));
        },
        () => {
          if (live) setFailed((previous) => [...previous, field.name]);
        },
      );
    }
    return () => {
      live = false;
    };
  }, [client]);
  // Fixed choices come first; a field with a source as well adds what the server lists after them.
  const optionsOf = (field: OptionField): readonly FieldOption[] | undefined => {
    const fromSource = loaded[field.name];
    if (!field.options) return fromSource;
    return field.optionSource || field.loadOptions
      ? [...field.options, ...(fromSource ?? [])]
      : field.options;
  };
  return { optionsOf, failed };
}
