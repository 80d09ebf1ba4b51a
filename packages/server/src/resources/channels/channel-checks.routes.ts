// Channel test, balance and model-check routes (contract §1.7). Their replies put `time` or `balance`
// beside `success` (not in `data`), and the check streams server-sent events.
import {
  channelBalanceReplySchema,
  channelCheckSchema,
  channelTestReplySchema,
  type Translate,
} from '@gw/core';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { ChannelChecksService, ChannelTestOutcome } from './channel-checks.service.js';
import { idParamsSchema } from '../../shared/route-params.js';
import type { ChannelsService } from './channels.service.js';

const TAG = 'channels';
/** one-hub's heartbeat period on the check stream. */
export const CHECK_HEARTBEAT_MS = 10_000;
const testQuery = z.object({ model: z.string().max(255, 'validation.too_long').default('') });

const describeWith = (t: Translate) => (outcome: ChannelTestOutcome) => t(outcome.messageKey, outcome.params);

/** The test, balance and check routes, bound to the services. */
export function channelCheckRoutes(channels: ChannelsService, checks: ChannelChecksService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/channel/test',
      guard: 'admin',
      tag: TAG,
      summary: 'Start testing every channel in the background (one run at a time)',
      handler: ({ reply, t }) => {
        checks.startTestAll();
        return reply.send({ success: true, message: t('channels.messages.test_started') });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/channel/test/:id',
      guard: 'admin',
      tag: TAG,
      summary: 'Test one channel with ?model= or its test model; replies {success, message, time (s)}',
      params: idParamsSchema,
      query: testQuery,
      handler: async ({ params, query, reply, t }) => {
        const outcome = await checks.testOne(await channels.stored(params.id), query.model);
        return reply.send(
          channelTestReplySchema.parse({
            success: outcome.ok,
            message: describeWith(t)(outcome),
            time: outcome.seconds,
          }),
        );
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/channel/update_balance',
      guard: 'admin',
      tag: TAG,
      summary: 'Refresh the balance of every enabled OpenAI and Custom channel',
      handler: async ({ reply, t }) => {
        await checks.balanceAll();
        return reply.send({ success: true, message: t('channels.messages.balance_all_updated') });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/channel/update_balance/:id',
      guard: 'admin',
      tag: TAG,
      summary: "Refresh one channel's upstream balance; replies {success, message, balance}",
      params: idParamsSchema,
      handler: async ({ params, reply }) => {
        const balance = await checks.balanceOne(await channels.stored(params.id));
        return reply.send(channelBalanceReplySchema.parse({ success: true, message: '', balance }));
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/sse/channel/check',
      guard: 'admin',
      tag: TAG,
      summary: 'Check models on a channel: a text/event-stream of results, heartbeats and done',
      body: channelCheckSchema,
      handler: async ({ body, reply, t }) => {
        const row = await channels.stored(body.id);
        checks.requireProvider();
        const models = [...new Set(body.models.split(',').map((m) => m.trim()))].filter(Boolean);
        // Past this point the reply is a stream: no envelope, no compression.
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-cache',
          connection: 'keep-alive',
        });
        const send = (payload: unknown) => raw.write(`event:message\ndata:${JSON.stringify(payload)}\n\n`);
        const heartbeat = setInterval(() => send({ type: 'heartbeat', data: 'ping' }), CHECK_HEARTBEAT_MS);
        try {
          await checks.check(
            row,
            models,
            (result) => send({ type: 'result', data: result }),
            describeWith(t),
          );
          send({ type: 'done', data: 'completed' });
        } finally {
          clearInterval(heartbeat);
          raw.end();
        }
        return reply;
      },
    }),
  ];
}
