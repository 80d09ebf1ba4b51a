import { type FieldOption, loadOptionSource, type OptionSource } from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../app/app-context';

/** Sources read from no server: core's own lists, given at once. */
const LOCAL_SOURCES: ReadonlySet<OptionSource> = new Set(['channel_types', 'roles']);

/**
 * Choices a filter or a field reads by its option source (core's one loader, shared with the TUI),
 * each read once and cached under the entity it lists (a change to model owners refreshes the owner
 * choices too).
 */
export function useOptionSource(source: OptionSource | undefined): readonly FieldOption[] | undefined {
  const { client } = useApp();
  const loaded = useQuery({
    queryKey: [source ?? 'none', 'options'],
    queryFn: () => (source ? loadOptionSource(client, source) : Promise.resolve([])),
    enabled: source !== undefined,
    staleTime: LOCAL_SOURCES.has(source as OptionSource) ? Number.POSITIVE_INFINITY : 60_000,
  });
  return source ? loaded.data : undefined;
}
