// Choices a filter or form field reads from the server (ScreenDef `optionSource`), through core's client:
// one loader for every face, so the web and the TUI offer the same groups and models with the same labels.
import type { ApiClient } from '../http/client.js';
import type { Translate } from '../i18n/i18n.js';
import { CHANNEL_TYPES } from '../resources/channels/channel-types.js';
import { listChannelTags } from '../resources/channels/channel-tags.api.js';
import { listChannelModels } from '../resources/channels/channels.api.js';
import { listGroupSymbols } from '../resources/groups/groups.api.js';
import { listModelOwners } from '../resources/model_ownedby/model-ownedby.api.js';
import { getAvailableModels } from '../resources/prices/available-models.js';
import { getUserGroupMap } from '../resources/user_groups/user-groups.api.js';
import { ROLES, roleLabelKey } from '../roles/roles.js';
import { dataNameText } from './data-names.js';
import type { FieldOption, OptionSource } from './screen-model.js';

/**
 * Loads the choices of one source; a failure leaves the field as free text (the caller decides). With
 * `t`, names gw seeded in Chinese (the default group) read in the interface's language.
 */
export async function loadOptionSource(
  client: ApiClient,
  source: OptionSource,
  t?: Translate,
): Promise<FieldOption[]> {
  const name = (text: string) => (t ? dataNameText(text, t) : text);
  switch (source) {
    case 'user_groups':
      return (await listGroupSymbols(client)).map((symbol) => ({ value: symbol, label: symbol }));
    case 'models':
      return (await listChannelModels(client)).data.map((model) => ({ value: model.id, label: model.id }));
    case 'channel_tags':
      return (await listChannelTags(client)).map((tag) => ({ value: tag.tag, label: tag.tag }));
    case 'model_owners':
      return (await listModelOwners(client)).map((owner) => ({ value: owner.id, label: name(owner.name) }));
    case 'channel_types':
      return CHANNEL_TYPES.filter((type) => type.offered).map((type) => ({
        value: type.id,
        labelKey: type.nameKey,
      }));
    case 'group_choices':
      return Object.entries(await getUserGroupMap(client)).map(([symbol, group]) => ({
        value: symbol,
        label: `${name(group.name || symbol)} (${group.ratio})`,
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
