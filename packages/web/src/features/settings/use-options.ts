import { GwApiError, listOptions, optionsToMap, type Translate, updateOption } from '@gw/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApp } from '../../app/app-context';

/** The cache key of the option list (one GET serves every tab). */
export const OPTIONS_QUERY_KEY = ['options'] as const;

/** Every listed option as key → text (secrets are never listed). */
export function useOptionValues() {
  const { client } = useApp();
  return useQuery({
    queryKey: OPTIONS_QUERY_KEY,
    queryFn: async () => optionsToMap(await listOptions(client)),
  });
}

/** Why one write failed, kept next to its field. */
export interface WriteFailure {
  key: string;
  error: unknown;
}

/**
 * Writes options one key at a time (the wire takes one per PUT), stopping at the first refusal so the
 * operator sees which field it was; reloads the list and the site information afterwards either way.
 */
export function useOptionWriter() {
  const { client, reloadSite } = useApp();
  const queries = useQueryClient();
  return useCallback(
    async (writes: readonly { key: string; value: string }[]): Promise<WriteFailure | undefined> => {
      try {
        for (const write of writes) {
          try {
            await updateOption(client, write.key, write.value);
          } catch (error) {
            return { key: write.key, error };
          }
        }
        return undefined;
      } finally {
        await queries.invalidateQueries({ queryKey: OPTIONS_QUERY_KEY });
        // Site-wide flags (sign-in methods, system name, currency display) follow at once.
        await reloadSite?.().catch(() => undefined);
      }
    },
    [client, queries, reloadSite],
  );
}

/** The text a refused write shows next to its field: the server's field message, else its message. */
export function failureText(error: unknown, t: Translate): string {
  if (error instanceof GwApiError) {
    return error.fields.find((field) => field.field === 'value')?.message ?? error.message;
  }
  return error instanceof Error ? error.message : t('errors.unknown');
}
