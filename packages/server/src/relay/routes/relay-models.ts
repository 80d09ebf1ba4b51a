// `GET /v1/models` and `GET /v1/models/:model` (behaviour spec §2.2): the models the caller's effective
// group (and backup group) can route, narrowed by the token's model limit, in OpenAI's list shape.
import { translate } from '@gw/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RelayAuthenticator, RelayCaller } from '../pipeline/authenticate.js';
import type { RelayState } from '../pipeline/relay-state.js';
import { keyCaller } from './key-caller.js';
import { routingModels } from '../selection/routing-table.js';

export interface RelayModelsHandlers {
  list(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  one(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

interface ModelObject {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
}

export function createRelayModels(
  state: RelayState,
  auth: RelayAuthenticator,
  clientIp: (request: FastifyRequest) => string,
  startTime: number,
): RelayModelsHandlers {
  const caller = keyCaller(auth, state, clientIp);

  function visibleModels(who: RelayCaller): ModelObject[] {
    const table = state.routing();
    const names = new Set(routingModels(table, who.group));
    if (who.backupGroup) for (const name of routingModels(table, who.backupGroup)) names.add(name);
    const limit = who.setting.limits.limit_model_setting;
    const allowed = limit.enabled ? new Set(limit.models) : undefined;
    return [...names]
      .filter((name) => !allowed || allowed.has(name))
      .sort()
      .map((id) => ({ id, object: 'model', created: startTime, owned_by: state.owner(id) ?? 'gw' }));
  }

  return {
    async list(request, reply) {
      const who = await caller(request, reply);
      if (!who) return;
      void reply.send({ object: 'list', data: visibleModels(who) });
    },
    async one(request, reply) {
      const who = await caller(request, reply);
      if (!who) return;
      const { model } = request.params as { model: string };
      const found = visibleModels(who).find((entry) => entry.id === model);
      if (found) return void reply.send(found);
      // one-hub answers 200 with an error body; gw uses OpenAI's own 404 (docs/relay-decisions.md).
      void reply.code(404).send({
        error: {
          message: translate(state.options().language, 'relay.channel.none', { group: who.group, model }),
          type: 'invalid_request_error',
          param: 'model',
          code: 'model_not_found',
        },
      });
    },
  };
}
