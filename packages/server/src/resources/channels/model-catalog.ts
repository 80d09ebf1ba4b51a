// The seam behind `GET /api/channel/models`: one-hub lists every priced model. Until prices exist the
// catalog is the distinct models configured on channels; the prices resource replaces it in app.ts.
import { channelTypeById } from '@gw/core';
import type { ChannelsRepository } from './channels.repository.js';

/** One entry of the model list: the model id and who owns it. */
export interface CatalogModel {
  id: string;
  owned_by: string;
}

/** Where the model list comes from (prices, once they exist). */
export interface ChannelModelCatalog {
  models(): Promise<CatalogModel[]>;
}

/**
 * The models configured on channels, each owned by the type of the first channel naming it.
 * Wildcard entries (`gpt-4*`) are patterns, not model ids, so they are left out.
 */
export function channelsModelCatalog(
  channels: Pick<ChannelsRepository, 'modelsByType'>,
): ChannelModelCatalog {
  return {
    async models() {
      const owners = new Map<string, string>();
      for (const row of await channels.modelsByType()) {
        for (const model of row.models.split(',').map((item) => item.trim())) {
          if (!model || model.endsWith('*') || owners.has(model)) continue;
          owners.set(model, channelTypeById(row.type)?.name ?? '');
        }
      }
      return [...owners]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([id, owned_by]) => ({ id, owned_by }));
    },
  };
}

/** The model names of a channel's CSV list, trimmed; wildcard patterns (`gpt-4*`) are not model ids. */
function modelNames(csv: string): string[] {
  return csv
    .split(',')
    .map((item) => item.trim())
    .filter((model) => model !== '' && !model.endsWith('*'));
}

/** What channels tell the rest of the server about models (composed in app.ts). */
export function channelModelSources(
  channels: Pick<ChannelsRepository, 'modelsByType' | 'enabledModelGroups'>,
) {
  return {
    /** Every model configured on any channel, sorted (the price screen's model list). */
    async configuredModels(): Promise<string[]> {
      const models = new Set<string>();
      for (const row of await channels.modelsByType())
        for (const model of modelNames(row.models)) models.add(model);
      return [...models].sort();
    },
    /** Each model served by an enabled channel, with the groups those channels serve. */
    async servedModels(): Promise<Map<string, string[]>> {
      const served = new Map<string, Set<string>>();
      for (const row of await channels.enabledModelGroups()) {
        const groups = row.group
          .split(',')
          .map((group) => group.trim())
          .filter(Boolean);
        for (const model of modelNames(row.models)) {
          const set = served.get(model) ?? new Set<string>();
          for (const group of groups) set.add(group);
          served.set(model, set);
        }
      }
      return new Map([...served].map(([model, groups]) => [model, [...groups].sort()]));
    },
  };
}

/** A catalog that lists every model of the first catalog, then the models only the others know. */
export function mergedModelCatalog(...catalogs: ChannelModelCatalog[]): ChannelModelCatalog {
  return {
    async models() {
      const seen = new Map<string, CatalogModel>();
      for (const catalog of catalogs) {
        for (const model of await catalog.models()) if (!seen.has(model.id)) seen.set(model.id, model);
      }
      return [...seen.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    },
  };
}
