// The public+session site lists of contract §1.1: `available_model` and `user_group_map`. They join user
// groups, prices, owners and the models channels serve, all handed in through app.ts.
import { type AvailableModel, type Price, UNKNOWN_OWNER_NAME, type UserGroup } from '@gw/core';
import type { AuthUser } from '../../shared/auth-user.js';

/**
 * The models served by enabled channels, each with the groups that serve it. Seam: the channels resource
 * fills it; until then `servedModelsFromPrices` stands in.
 */
export interface ServedModelSource {
  servedModels(): Promise<Map<string, string[]>>;
}

export interface SiteModelsSources {
  /** Enabled groups that are public, plus `ownerGroup` when given. */
  visibleGroups(ownerGroup?: string): Promise<UserGroup[]>;
  served: ServedModelSource;
  /** Gives each model the price it is billed at. */
  pricer(): Promise<(model: string) => Price>;
  ownerNames(): Promise<Map<number, string>>;
}

/** Every priced model served by every enabled group: the stand-in until channels list what they serve. */
export function servedModelsFromPrices(
  pricedModels: () => Promise<string[]>,
  enabledSymbols: () => Promise<string[]>,
): ServedModelSource {
  return {
    async servedModels() {
      const [models, groups] = await Promise.all([pricedModels(), enabledSymbols()]);
      return new Map(models.map((model) => [model, groups]));
    },
  };
}

/** The site lists over their sources. */
export function createSiteModelsService(sources: SiteModelsSources) {
  return {
    /** symbol → group: public groups plus the caller's own. */
    async userGroupMap(caller: AuthUser | undefined): Promise<Record<string, UserGroup>> {
      const groups = await sources.visibleGroups(caller?.group);
      return Object.fromEntries(groups.map((group) => [group.symbol, group]));
    },

    /** model → {groups, owned_by, price} for the models a visible group serves. */
    async availableModels(caller: AuthUser | undefined): Promise<Record<string, AvailableModel>> {
      const [groups, served, priceOf, owners] = await Promise.all([
        sources.visibleGroups(caller?.group),
        sources.served.servedModels(),
        sources.pricer(),
        sources.ownerNames(),
      ]);
      const visible = new Set(groups.map((group) => group.symbol));
      const result: Record<string, AvailableModel> = {};
      for (const model of [...served.keys()].sort()) {
        const serving = (served.get(model) ?? []).filter((group) => visible.has(group));
        if (serving.length === 0) continue;
        const price = priceOf(model);
        result[model] = {
          groups: serving,
          owned_by: owners.get(price.channel_type) ?? UNKNOWN_OWNER_NAME,
          price,
        };
      }
      return result;
    },
  };
}

export type SiteModelsService = ReturnType<typeof createSiteModelsService>;
