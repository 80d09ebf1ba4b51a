import { type FieldOption, loadOptionSource, type OptionSource } from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApp } from '../app/app-context';
import { useT } from '../lib/use-t';

/** Sources read from no server: core's own lists, given at once. */
const LOCAL_SOURCES: ReadonlySet<OptionSource> = new Set(['channel_types', 'roles']);

/**
 * Choices a filter or a field reads by its option source (core's one loader, shared with the TUI),
 * each read once and cached under the entity it lists (a change to model owners refreshes the owner
 * choices too).
 */
export function useOptionSource(source: OptionSource | undefined): readonly FieldOption[] | undefined {
  const { client } = useApp();
  const t = useT();
  const { i18n } = useTranslation();
  const loaded = useQuery({
    // Per language: a seeded name (the default group) is written in the interface's words.
    queryKey: [source ?? 'none', 'options', i18n.language],
    queryFn: () => (source ? loadOptionSource(client, source, t) : Promise.resolve([])),
    enabled: source !== undefined,
    staleTime: LOCAL_SOURCES.has(source as OptionSource) ? Number.POSITIVE_INFINITY : 60_000,
  });
  return source ? loaded.data : undefined;
}
