// The raw pass-through routes of behaviour spec §2.3 (`RelayOnly`): /v1/files, /v1/fine_tuning,
// /v1/assistants, /v1/threads, /v1/batches, /v1/vector_stores and DELETE /v1/models/:model. The key must
// pin an OpenAI (1) or Azure (3) channel; method, path, query, headers and body go upstream as the client
// sent them — the body streamed, never parsed, so file uploads of any size pass — with the channel's auth
// and custom headers in place of the client's; the upstream status, headers and body come back the same
// way. No billing: one consume log row with quota 0 and content `中继:<path>`.
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LOG_TYPE } from '@gw/core';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GwDb } from '../../db/database.js';
import type { ApiRateLimiter } from '../../rate-limit/limiters.js';
import { insertLog, localizedContent } from '../../shared/logs.js';
import { pinnedChannelRefusal } from '../auth/pinning.js';
import type { RelayCaller } from '../pipeline/authenticate.js';
import type { RelayChannel } from '../pipeline/relay-channel.js';
import {
  localError,
  newRequestId,
  type RelayError,
  relayErrorBody,
  shapeRelayError,
} from '../pipeline/relay-error.js';
import type { RelayRoute } from '../pipeline/relay-handler.js';
import type { RelayState } from '../pipeline/relay-state.js';
import type { UpstreamHttp } from '../pipeline/upstream-http.js';
import { AZURE_DEFAULT_API_VERSION } from '../providers/azure/azure-provider.js';
import { channelBase, joinOpenAiPath, OPENAI_DEFAULT_BASE_URL } from '../providers/openai/openai-provider.js';
import type { UpstreamRequest } from '../providers/provider.js';

/** The route prefixes served (each bare and with any sub-path), spec §2.2. */
export const PASS_THROUGH_PREFIXES = [
  '/v1/files',
  '/v1/fine_tuning',
  '/v1/assistants',
  '/v1/threads',
  '/v1/batches',
  '/v1/vector_stores',
] as const;

const OPENAI_TYPE = 1;
const AZURE_TYPE = 3;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
type Method = (typeof METHODS)[number];

/** Headers that describe one hop, not the message: never copied either way. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);
/** The client's credentials for gw: never sent upstream (the channel's own replace them). */
const CLIENT_CREDENTIALS = new Set(['authorization', 'api-key', 'x-api-key']);

const PASS_THROUGH_ROUTE: RelayRoute = { operation: 'chat', surface: 'openai', dialect: 'openai' };

export interface PassThroughDeps {
  db: GwDb;
  state: RelayState;
  http: UpstreamHttp;
  limiter: ApiRateLimiter;
  log: FastifyBaseLogger;
  clientIp: (request: FastifyRequest) => string;
  authenticate: (
    request: FastifyRequest,
    reply: FastifyReply,
    route: RelayRoute,
  ) => Promise<RelayCaller | undefined>;
}

/** The upstream URL of a path on a channel: OpenAI's `/v1/...`, Azure's `/openai/...?api-version=`. */
function upstreamUrl(channel: RelayChannel, path: string, query: string): string {
  if (channel.type === AZURE_TYPE) {
    const version = channel.upstream.other.trim() || AZURE_DEFAULT_API_VERSION;
    const params = new URLSearchParams(query);
    if (!params.has('api-version')) params.set('api-version', version);
    return `${channel.upstream.baseUrl}/openai${path.replace(/^\/v1/, '')}?${params.toString()}`;
  }
  const url = joinOpenAiPath(channelBase(channel.upstream, OPENAI_DEFAULT_BASE_URL), path);
  return query ? `${url}?${query}` : url;
}

/** The client's headers without hop and credential headers, then the channel's auth and custom headers. */
function upstreamHeaders(request: FastifyRequest, channel: RelayChannel): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_HEADERS.has(name) || CLIENT_CREDENTIALS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const key = channel.upstream.key;
  const auth: Record<string, string> =
    channel.type === AZURE_TYPE
      ? { 'api-key': key, authorization: `Bearer ${key}` }
      : { authorization: `Bearer ${key}` };
  return { ...headers, ...auth, ...channel.upstream.headers };
}

/** Whether the client sent a body to forward. */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export async function registerPassThroughRoutes(
  scope: FastifyInstance,
  deps: PassThroughDeps,
): Promise<void> {
  const { state } = deps;

  function sendError(reply: FastifyReply, requestId: string, error: RelayError): void {
    const shaped = shapeRelayError(error, requestId, state.options().language);
    void reply.code(shaped.status).send(relayErrorBody('openai', shaped));
  }

  async function relay(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const startedAt = performance.now();
    const requestId = request.relayRequestId || newRequestId();
    // Read now: once the reply is out the socket may be gone.
    const sourceIp = deps.clientIp(request);
    const options = state.options();
    const fail = (status: number, key: string) =>
      sendError(reply, requestId, localError(status, options.language, key));
    const caller = request.relayCaller;
    if (!caller) return;
    const ownGroup = state.groups().get(caller.userGroup);
    if (!ownGroup) return fail(403, 'relay.rate_limit.not_allowed');
    if (!(await deps.limiter.allow(caller.userId, ownGroup.apiRate)))
      return fail(429, 'relay.rate_limit.exceeded');
    // Only a pinned channel says which account the files, threads or batches live in (spec §2.3 step 1).
    if (caller.pinning.mode !== 'force') return fail(403, 'relay.pass_through.channel_required');
    const channel = state.channel(caller.pinning.channelId);
    const refusal = pinnedChannelRefusal(channel);
    if (refusal || !channel) {
      return sendError(
        reply,
        requestId,
        localError(
          refusal?.status ?? 503,
          options.language,
          refusal?.messageKey ?? 'relay.pinning.invalid_channel',
        ),
      );
    }
    if (channel.type !== OPENAI_TYPE && channel.type !== AZURE_TYPE)
      return fail(503, 'relay.pass_through.channel_type');

    const [path = '', query = ''] = request.url.split(/\?(.*)/s);
    const upstream: UpstreamRequest = {
      method: request.method as Method,
      url: upstreamUrl(channel, path, query),
      headers: upstreamHeaders(request, channel),
      // The raw request stream: unread by the '*' parser below, and untouched when no content type was sent.
      ...(hasBody(request) ? { body: request.raw as Readable } : {}),
    };
    let response: Awaited<ReturnType<UpstreamHttp['send']>>;
    try {
      response = await deps.http.send(upstream, { proxy: channel.proxy });
    } catch (error) {
      deps.log.warn(
        { requestId, channel: channel.id },
        `relay pass-through on channel #${channel.id} failed (request id: ${requestId}): ${String(error)}`,
      );
      return sendError(reply, requestId, {
        ...localError(
          500,
          options.language,
          'relay.upstream.request_failed',
          undefined,
          'http_request_failed',
        ),
        local: false,
      });
    }
    // The upstream's reply as it came: status, the first value of each header, the body streamed.
    reply.hijack();
    const raw = reply.raw;
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined || HOP_HEADERS.has(name)) continue;
      raw.setHeader(name, Array.isArray(value) ? (value[0] ?? '') : value);
    }
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) raw.setHeader(name, value as string);
    }
    raw.writeHead(response.status);
    try {
      await pipeline(response.body, raw);
    } catch {
      // The client went away or the upstream broke off: nothing is billed, the call is still logged.
      response.body.destroy();
    }
    if (!options.logConsume) return;
    insertLog(deps.db, {
      userId: caller.userId,
      type: LOG_TYPE.consume,
      ...localizedContent(options.language, 'relay.pass_through.log_content', { path }),
      username: caller.username,
      tokenName: caller.tokenName,
      quota: 0,
      channelId: channel.id,
      requestTime: Math.round(performance.now() - startedAt),
      sourceIp,
    }).catch((error: unknown) =>
      deps.log.error({ err: error, requestId }, 'could not write a pass-through log'),
    );
  }

  await scope.register(async (raw) => {
    // The body is the client's stream, handed upstream unread (an upload may be far above the body limit).
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const route = {
      logLevel: 'warn' as const,
      bodyLimit: Number.MAX_SAFE_INTEGER,
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        request.relayCaller = await deps.authenticate(request, reply, PASS_THROUGH_ROUTE);
        if (!request.relayCaller) return reply;
      },
    };
    const urls = PASS_THROUGH_PREFIXES.flatMap((prefix) => [prefix, `${prefix}/*`]);
    // HEAD comes with each GET route (Fastify adds it).
    const methods = METHODS.filter((method) => method !== 'HEAD');
    for (const url of urls) raw.route({ method: methods, url, ...route, handler: relay });
    raw.route({ method: 'DELETE', url: '/v1/models/:model', ...route, handler: relay });
  });
}
