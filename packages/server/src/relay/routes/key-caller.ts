// Key authentication for the relay's side routes (models list, billing): the caller, or the OpenAI-shaped
// refusal already sent.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RelayAuthenticator, RelayCaller } from '../pipeline/authenticate.js';
import { localError, newRequestId, relayErrorBody, shapeRelayError } from '../pipeline/relay-error.js';
import type { RelayState } from '../pipeline/relay-state.js';

export function keyCaller(
  auth: RelayAuthenticator,
  state: RelayState,
  clientIp: (request: FastifyRequest) => string,
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<RelayCaller | undefined> => {
    const found = await auth.authenticate(
      state.groups(),
      { surface: 'openai', sources: { headers: request.headers }, clientIp: clientIp(request) },
      () => {},
    );
    if (found.ok) return found.caller;
    const requestId = request.relayRequestId || newRequestId();
    const language = state.options().language;
    const error = shapeRelayError(
      localError(found.status, language, found.messageKey, found.params),
      requestId,
      language,
    );
    void reply
      .code(error.status)
      .header('x-oneapi-request-id', requestId)
      .send(relayErrorBody('openai', error));
    return undefined;
  };
}
