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
