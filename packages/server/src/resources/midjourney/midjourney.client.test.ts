// Core's Midjourney list calls against a real gw server on loopback, every reply parsed with its schema.
import { type ApiClient, listMidjourney, listSelfMidjourney } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app.js';
import { startClientApp } from '../../test-support/client-app.js';

describe('core midjourney client against gw', () => {
  let t: TestApp;
  let client: ApiClient;

  beforeAll(async () => {
    ({ t, client } = await startClientApp());
    const text = { prompt: 'p', prompt_en: '', description: '', state: '', image_url: '', fail_reason: '' };
    await t.app.gw.db
      .insertInto('midjourneys')
      .values({
        ...text,
        code: 1,
        user_id: 1,
        action: 'IMAGINE',
        mj_id: 'mj-1',
        submit_time: 1_700_000_000_000,
        start_time: 0,
        finish_time: 0,
        status: 'IN_PROGRESS',
        progress: '40%',
        channel_id: 2,
        quota: 50,
        buttons: '[]',
        properties: '{}',
        mode: 'relax',
        token_id: 1,
      })
      .execute();
  });
  afterAll(() => t.close());

  it('lists all jobs as admin and own jobs with channel 0', async () => {
    const all = await listMidjourney(client, { channel_id: 2, start_timestamp: 1_699_999_999_000 });
    expect(all.data).toEqual([expect.objectContaining({ mj_id: 'mj-1', channel_id: 2, mode: 'relax' })]);
    const mine = await listSelfMidjourney(client, { mj_id: 'mj-1' });
    expect(mine.data).toEqual([expect.objectContaining({ mj_id: 'mj-1', channel_id: 0 })]);
  });
});
