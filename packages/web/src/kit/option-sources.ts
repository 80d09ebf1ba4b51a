import {
  CHANNEL_TYPES,
  type FieldOption,
  listChannelModels,
  listChannelTags,
  listGroupSymbols,
  listModelOwners,
  type OptionSource,
} from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../app/app-context';

/** What each source reads; channel types are core's own list (the offered ones), read from no server. */
const LOADERS: Partial<
  Record<OptionSource, (client: ReturnType<typeof useApp>['client']) => Promise<FieldOption[]>>
> = {
  user_groups: async (client) =>
    (await listGroupSymbols(client)).map((symbol) => ({ value: symbol, label: symbol })),
  models: async (client) =>
    (await listChannelModels(client)).data.map((model) => ({ value: model.id, label: model.id })),
  channel_tags: async (client) =>
    (await listChannelTags(client)).map((tag) => ({ value: tag.tag, label: tag.tag })),
  model_owners: async (client) =>
    (await listModelOwners(client)).map((owner) => ({ value: owner.id, label: owner.name })),
};

const CHANNEL_TYPE_OPTIONS: FieldOption[] = CHANNEL_TYPES.filter((type) => type.offered).map((type) => ({
  value: type.id,
  labelKey: type.nameKey,
}));

/**
 * Choices a filter or a field reads by its option source, each read once and cached under the
 * entity it lists (a change to model owners refreshes the owner choices too).
 */
export function useOptionSource(source: OptionSource | undefined): readonly FieldOption[] | undefined {
  const { client } = useApp();
  const load = source ? LOADERS[source] : undefined;
  const loaded = useQuery({
    queryKey: [source ?? 'none', 'options'],
    queryFn: () => (load ? load(client) : Promise.resolve([])),
    enabled: load !== undefined,
    staleTime: 60_000,
  });
  if (source === 'channel_types') return CHANNEL_TYPE_OPTIONS;
  return load ? loaded.data : undefined;
}
