// Names that are data, yet written by gw itself in Chinese (one-hub's): the default user group the
// first migration seeds as "默认分组" and the owner "未知" of a model whose owner is not known. An
// admin may rename the group, so only these exact seeded texts are replaced by the interface's words;
// a name an admin typed shows as typed.
import type { Translate } from '../i18n/i18n.js';
import { UNKNOWN_OWNER_NAME } from '../resources/model_ownedby/model-ownedby.schema.js';
import type { ModelCatalogue } from './model-catalogue/model-catalogue.js';

/** The default group's name as the first migration seeds it (one-hub's). */
export const SEEDED_DEFAULT_GROUP_NAME = '默认分组';

/** The i18n keys of gw's own seeded names; a face shows these instead of the stored Chinese. */
const SEEDED_NAME_KEYS: Readonly<Record<string, string>> = {
  [SEEDED_DEFAULT_GROUP_NAME]: 'common.default_group',
  [UNKNOWN_OWNER_NAME]: 'common.unknown_owner',
};

/** A group or owner name in the interface's language when gw seeded it, else as stored. */
export function dataNameText(name: string, t: Translate): string {
  const key = SEEDED_NAME_KEYS[name];
  return key ? t(key) : name;
}

/** The catalogue with its owner and group names through `dataNameText` (filters, cards, dialog). */
export function localizeCatalogue(catalogue: ModelCatalogue, t: Translate): ModelCatalogue {
  const owner = (value: ModelCatalogue['owners'][number]) => ({
    ...value,
    name: dataNameText(value.name, t),
  });
  return {
    ...catalogue,
    models: catalogue.models.map((model) => ({ ...model, owner: owner(model.owner) })),
    owners: catalogue.owners.map(owner),
    groups: catalogue.groups.map((group) => ({ ...group, name: dataNameText(group.name, t) })),
  };
}
