// Composes the catalogue resources (user groups, model owners, model info, prices and the public site
// lists built from them) one level above the resources, which never import each other.
import type { DatabaseKind } from './config.js';
import type { GwDb } from './db/database.js';
import type { Authenticator } from './plugins/auth.js';
import { groupRoutes } from './resources/groups/groups.routes.js';
import { createModelInfoRepository } from './resources/model_info/model-info.repository.js';
import { modelInfoRoutes } from './resources/model_info/model-info.routes.js';
import { createModelInfoService } from './resources/model_info/model-info.service.js';
import { createModelOwnedByRepository } from './resources/model_ownedby/model-ownedby.repository.js';
import { modelOwnedByRoutes } from './resources/model_ownedby/model-ownedby.routes.js';
import { createModelOwnedByService } from './resources/model_ownedby/model-ownedby.service.js';
import { createPricesRepository } from './resources/prices/prices.repository.js';
import { priceRoutes } from './resources/prices/prices.routes.js';
import { type ChannelModelSource, createPricesService } from './resources/prices/prices.service.js';
import { siteModelRoutes } from './resources/site_models/site-models.routes.js';
import {
  createSiteModelsService,
  type ServedModelSource,
  servedModelsFromPrices,
} from './resources/site_models/site-models.service.js';
import { createUserGroupsRepository } from './resources/user_groups/user-groups.repository.js';
import { userGroupRoutes } from './resources/user_groups/user-groups.routes.js';
import { createUserGroupsService } from './resources/user_groups/user-groups.service.js';
import type { OptionStore } from './shared/context.js';
import type { AnyRoute } from './shared/route.js';

export interface CatalogueChannelSeams {
  /** Models configured on any channel (for `GET /api/prices/model_list`). */
  channelModels?: ChannelModelSource;
  /** Models served by enabled channels with their groups (for `GET /api/available_model`). */
  servedModels?: ServedModelSource;
}

/** Builds the catalogue services and routes; `groupLookup` is what the tokens resource checks groups with. */
export function createCatalogue(
  db: GwDb,
  kind: DatabaseKind,
  options: OptionStore,
  auth: Authenticator,
  channels: CatalogueChannelSeams = {},
) {
  const userGroups = createUserGroupsService(createUserGroupsRepository(db, kind));
  const owners = createModelOwnedByService(createModelOwnedByRepository(db));
  const modelInfo = createModelInfoService(createModelInfoRepository(db, kind));
  const prices = createPricesService(createPricesRepository(db), {
    owners: owners.lookup,
    modelInfo,
    options,
    // Until channels list their models, the price list is the whole model list.
    channelModels: channels.channelModels ?? { configuredModels: async () => [] },
  });
  const siteModels = createSiteModelsService({
    visibleGroups: (ownerGroup) => userGroups.lookup.visibleGroups(ownerGroup),
    served:
      channels.servedModels ??
      servedModelsFromPrices(
        () => prices.pricedModels(),
        () => userGroups.lookup.enabledSymbols(),
      ),
    pricer: () => prices.pricer(),
    ownerNames: () => owners.lookup.names(),
  });
  const routes: AnyRoute[] = [
    ...groupRoutes(userGroups.lookup),
    ...userGroupRoutes(userGroups),
    ...modelOwnedByRoutes(owners),
    ...modelInfoRoutes(modelInfo),
    ...priceRoutes(prices, auth),
    ...siteModelRoutes(siteModels, auth),
  ];
  /** The priced models with their owners' names (what one-hub lists at `GET /api/channel/models`). */
  const pricedModelCatalog = {
    async models() {
      const [models, pricer, names] = await Promise.all([
        prices.pricedModels(),
        prices.pricer(),
        owners.lookup.names(),
      ]);
      return models.map((id) => ({ id, owned_by: names.get(pricer(id).channel_type) ?? '' }));
    },
  };
  return { routes, groupLookup: userGroups.lookup, pricedModelCatalog };
}
