// Choices a filter or form field reads from the server (ScreenDef `optionSource`), through core's client.
import {
  type ApiClient,
  CHANNEL_TYPES,
  type FieldOption,
  listChannelModels,
  getAvailableModels,
  getUserGroupMap,
  listChannelTags,
  listGroupSymbols,
  listModelOwners,
  type OptionSource,
  ROLES,
  roleLabelKey,
} from '@gw/core';

/** Loads the choices of one source; a failure leaves the field as free text (the caller decides). */
export async function loadOptionSource(client: ApiClient, source: OptionSource): Promise<FieldOption[]> {
  switch (source) {
    case 'user_groups':
      return (await listGroupSymbols(client)).map((symbol) => ({ value: symbol, label: symbol }));
    case 'models':
      return (await listChannelModels(client)).data.map((model) => ({ value: model.id, label: model.id }));
    case 'channel_tags':
      return (await listChannelTags(client)).map((tag) => ({ value: tag.tag, label: tag.tag }));
    case 'model_owners':
      return (await listModelOwners(client)).map((owner) => ({ value: owner.id, label: owner.name }));
    case 'channel_types':
      return CHANNEL_TYPES.filter((type) => type.offered).map((type) => ({
        value: type.id,
        labelKey: type.nameKey,
      }));
    case 'group_choices':
      return Object.entries(await getUserGroupMap(client)).map(([symbol, group]) => ({
        value: symbol,
        label: `${group.name || symbol} (${group.ratio})`,
      }));
    case 'available_models':
      return Object.keys(await getAvailableModels(client))
        .sort()
        .map((model) => ({ value: model, label: model }));
    case 'roles':
      return [ROLES.common, ROLES.reliable, ROLES.admin, ROLES.root].map((role) => ({
        value: role,
        labelKey: roleLabelKey(role),
      }));
  }
}
