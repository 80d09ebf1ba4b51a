// /api/available_model and /api/user_group_map: public lists a session cookie personalises (contract §1.1).
import { availableModelMapSchema, userGroupMapSchema } from '@gw/core';
import type { Authenticator } from '../../plugins/auth.js';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { SiteModelsService } from './site-models.service.js';

const TAG = 'site';

/** The site list routes; the authenticator reads the optional session. */
export function siteModelRoutes(service: SiteModelsService, auth: Authenticator): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/available_model',
      guard: 'public',
      tag: TAG,
      summary:
        'model → {groups, owned_by, price}: models served to the public groups (and the session user’s own)',
      reply: availableModelMapSchema,
      handler: async ({ request, reply }) => {
        // one-hub allows any origin here (contract §0.1).
        reply.header('access-control-allow-origin', request.headers.origin ?? '*');
        reply.header('access-control-allow-credentials', 'true');
        return service.availableModels(await auth.sessionUser(request));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/user_group_map',
      guard: 'public',
      tag: TAG,
      summary: 'symbol → user group: the public groups and the session user’s own',
      reply: userGroupMapSchema,
      handler: async ({ request }) => service.userGroupMap(await auth.sessionUser(request)),
    }),
  ];
}
