// The available-models screen (console-screens §16, and the public price page §12.6) as data: the
// models a caller may use with their owner, info and price, the filters (kept in the URL under the
// names below), and each price in a user group's share. Every face draws it from here.
import type { ApiClient } from '../../http/client.js';
import { listModelInfo } from '../../resources/model_info/model-info.api.js';
import {
  MODALITIES,
  type ModelInfo,
  parseJsonStringList,
} from '../../resources/model_info/model-info.schema.js';
import { listModelOwners } from '../../resources/model_ownedby/model-ownedby.api.js';
import type { ModelOwnedBy } from '../../resources/model_ownedby/model-ownedby.schema.js';
import { getUserGroupMap } from '../../resources/user_groups/user-groups.api.js';
import type { UserGroup } from '../../resources/user_groups/user-groups.schema.js';
import { type AvailableModel, getAvailableModels } from '../../resources/prices/available-models.js';
import type { Price } from '../../resources/prices/prices.schema.js';

/** One model of the catalogue: what `available_model` says, with its owner and its info. */
export interface CatalogueModel {
  model: string;
  /** The info's display name, else the model id. */
  name: string;
  description: string;
  owner: { id: number; name: string; icon: string };
  /** The groups (symbols) whose users may call it. */
  groups: readonly string[];
  price: Price;
  inputModalities: readonly string[];
  outputModalities: readonly string[];
  tags: readonly string[];
  contextLength: number;
  maxTokens: number;
}

/** A user group as the catalogue offers it: symbol, name and the ratio its prices are multiplied by. */
export interface CatalogueGroup {
  symbol: string;
  name: string;
  ratio: number;
}

/** Everything the screen shows, loaded once; filtering and paging happen on the client (§16). */
export interface ModelCatalogue {
  models: readonly CatalogueModel[];
  /** The groups in the server's order; the first is chosen at first. */
  groups: readonly CatalogueGroup[];
  /** The owners that own a listed model, by id (the provider chips' order). */
  owners: readonly CatalogueModel['owner'][];
  /** Every tag of a listed model, sorted (the tag chips show only when there is one). */
  tags: readonly string[];
}

/** The i18n key of a modality the console knows (`billing.models.modalities.text`); others show as typed. */
export function modalityLabelKey(modality: string): string | undefined {
  return (MODALITIES as readonly string[]).includes(modality)
    ? `billing.models.modalities.${modality}`
    : undefined;
}

/** Is this tag the "hot" mark (drawn with a fire)? */
export const isHotTag = (tag: string) => tag.toLowerCase() === 'hot';

const list = (text: string | undefined) => (text ? (parseJsonStringList(text) ?? []) : []);

/** Joins the four replies into the catalogue; a model's owner is its price's owner id, else its name. */
export function buildModelCatalogue(
  available: Readonly<Record<string, AvailableModel>>,
  infos: readonly ModelInfo[],
  groupMap: Readonly<Record<string, UserGroup>>,
  owners: readonly ModelOwnedBy[],
): ModelCatalogue {
  const infoOf = new Map(infos.map((info) => [info.model, info]));
  const ownerById = new Map(owners.map((owner) => [owner.id, owner]));
  const ownerByName = new Map(owners.map((owner) => [owner.name, owner]));
  const models = Object.entries(available)
    .map(([model, entry]): CatalogueModel => {
      const info = infoOf.get(model);
      const known = ownerById.get(entry.price.channel_type) ?? ownerByName.get(entry.owned_by);
      return {
        model,
        name: info?.name || model,
        description: info?.description ?? '',
        owner: known
          ? { id: known.id, name: known.name, icon: known.icon }
          : { id: entry.price.channel_type, name: entry.owned_by, icon: '' },
        groups: entry.groups,
        price: entry.price,
        inputModalities: list(info?.input_modalities),
        outputModalities: list(info?.output_modalities),
        tags: list(info?.tags),
        contextLength: info?.context_length ?? 0,
        maxTokens: info?.max_tokens ?? 0,
      };
    })
    .sort((a, b) => a.model.localeCompare(b.model));
  const ownersShown = new Map(models.map((model) => [model.owner.id, model.owner]));
  return {
    models,
    groups: Object.values(groupMap).map((group) => ({
      symbol: group.symbol,
      name: group.name || group.symbol,
      ratio: group.ratio,
    })),
    owners: [...ownersShown.values()].sort((a, b) => a.id - b.id),
    tags: [...new Set(models.flatMap((model) => model.tags))].sort(),
  };
}

/** Reads the catalogue: available models, model info, the caller's groups and the owners, at once. */
export async function loadModelCatalogue(client: ApiClient): Promise<ModelCatalogue> {
  const [available, infos, groups, owners] = await Promise.all([
    getAvailableModels(client),
    listModelInfo(client),
    getUserGroupMap(client),
    listModelOwners(client),
  ]);
  return buildModelCatalogue(available, infos, groups, owners);
}
