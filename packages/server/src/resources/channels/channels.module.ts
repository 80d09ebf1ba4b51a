// Builds the channel resource for app.ts: store, services and routes, with the two seams the next
// issues fill (the model catalog from prices, the provider from the relay).
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../shared/context.js';
import type { AnyRoute } from '../../shared/route.js';
import { channelCheckRoutes } from './channel-checks.routes.js';
import { createChannelChecksService } from './channel-checks.service.js';
import { channelTagRoutes } from './channel-tags.routes.js';
import { createChannelTagsService } from './channel-tags.service.js';
import { type ChannelsStore, createChannelsStore } from './channels.repository.js';
import { channelRoutes } from './channels.routes.js';
import { createChannelsService } from './channels.service.js';
import {
  type ChannelModelCatalog,
  channelModelSources,
  channelsModelCatalog,
  mergedModelCatalog,
} from './model-catalog.js';
import { type ChannelProvider, UNAVAILABLE_CHANNEL_PROVIDER } from './provider.js';

export interface ChannelSeams {
  /** How gw reaches upstreams (default: "not available until the relay is built"). */
  provider?: ChannelProvider;
  /**
   * Where `GET /api/channel/models` gets its list first (the priced models, from app.ts); the models
   * configured on channels follow, so a model is offered before it has a price.
   */
  catalog?: ChannelModelCatalog;
  /** Told after a check switched a channel on or off, so the relay's routing follows (it runs after the reply). */
  onStatusChanged?: () => void;
}

/** The channel and channel-tag routes over the app's database and options. */
export function createChannelResource(
  context: Pick<AppContext, 'db' | 'dbKind' | 'options'>,
  log: FastifyBaseLogger,
  seams: ChannelSeams = {},
) {
  const store = createChannelsStore(context.db, context.dbKind);
  const provider = seams.provider ?? UNAVAILABLE_CHANNEL_PROVIDER;
  const configured = channelsModelCatalog(store);
  const catalog = seams.catalog ? mergedModelCatalog(seams.catalog, configured) : configured;
  const channels = createChannelsService(store, catalog, provider);
  // Test-all and balance runs outlive their HTTP reply: status changes are announced as they happen.
  const checkedStore: ChannelsStore = {
    ...store,
    async update(id, changes) {
      const updated = await store.update(id, changes);
      if ('status' in changes) seams.onStatusChanged?.();
      return updated;
    },
  };
  const checks = createChannelChecksService(checkedStore, context.options, provider, (error, channelId) =>
    log.error({ err: error, channelId }, 'channel check failed'),
  );
  const routes: AnyRoute[] = [
    ...channelRoutes(channels),
    ...channelCheckRoutes(channels, checks),
    ...channelTagRoutes(createChannelTagsService(store)),
  ];
  return { routes, checks, models: channelModelSources(store) };
}
