// Helpers the channel tests share: a valid form body, creating through the API, reading the rows.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from '../../../test-support/test-app.js';

/** A valid create body; `overrides` replace fields. */
export function channelBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 1,
    name: 'openai',
    key: 'sk-one',
    base_url: '',
    models: 'gpt-4o,gpt-4o-mini',
    group: 'default',
    ...overrides,
  };
}

/** Creates channels through the API as `cookie` (fails the test on a refusal); returns the created ones. */
export async function createChannelsAs(
  app: FastifyInstance,
  cookie: string,
  overrides: Record<string, unknown> = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary reply shapes.
): Promise<any[]> {
  const reply = await call(app, 'POST', '/api/channel/', { cookie, body: channelBody(overrides) });
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ success: true });
  return reply.body.data;
}

/** Every stored channel row, by id: what a refused request must leave unchanged. */
export function channelRows(app: FastifyInstance) {
  return app.gw.db.selectFrom('channels').selectAll().orderBy('id').execute();
}
