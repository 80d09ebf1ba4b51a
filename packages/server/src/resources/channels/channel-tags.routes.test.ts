// Channel tag routes (contract §1.8) on every configured dialect.
import { createHash } from 'node:crypto';
import { channelTagDetailSchema } from '@gw/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { call, ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { channelRows, createChannelsAs } from './test-support/channels-test-support.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe.each(TEST_DIALECTS)('channel tags on %s', (kind) => {
  let t: TestApp;
  let root: string;

  const rows = () => channelRows(t.app);
  const as = (method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(t.app, method, url, { cookie: root, body });

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
  });
  beforeEach(async () => {
    await t.app.gw.db.deleteFrom('channels').execute();
    await createChannelsAs(t.app, root, { name: 'red', key: 'r1\nr2\nr3', tag: 'red', priority: 2 });
    await createChannelsAs(t.app, root, { name: 'blue', key: 'b1', tag: 'blue' });
    await createChannelsAs(t.app, root, { name: 'plain' });
  });
  afterAll(() => t.close());

  it('lists the distinct tags as {id: 0, tag}', async () => {
    const reply = await as('GET', '/api/channel_tag/_all');
    expect(reply.body.data).toEqual([
      { id: 0, tag: 'blue' },
      { id: 0, tag: 'red' },
    ]);
  });

  it('lists a tag’s channels with keys, and details a tag as a form with every key and KeyMap', async () => {
    const list = await as('GET', '/api/channel_tag/red/list');
    expect(list.body.data.map((c: { key: string }) => c.key)).toEqual(['r1', 'r2', 'r3']);
    const detail = channelTagDetailSchema.parse((await as('GET', '/api/channel_tag/red')).body.data);
    const ids = list.body.data.map((c: { id: number }) => c.id);
    expect(detail).toMatchObject({ name: 'red', key: 'r1\nr2\nr3', tag: 'red', priority: 2, id: ids[0] });
    expect(detail.KeyMap).toEqual({ [md5('r1')]: ids[0], [md5('r2')]: ids[1], [md5('r3')]: ids[2] });
    const missing = await as('GET', '/api/channel_tag/nope');
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('Given keys removed and added, When the tag is saved, Then members follow the keys and shared fields reach all', async () => {
    const before = (await rows()).filter((row) => row.tag === 'red');
    const reply = await as('PUT', '/api/channel_tag/red', {
      name: 'red',
      key: 'r1\nr3\nr4\nr5',
      models: 'gpt-4o-mini',
      only_chat: true,
      model_mapping: '{"a":"b"}',
    });
    expect(reply.body).toMatchObject({ success: true });
    const after = (await rows()).filter((row) => row.tag === 'red');
    expect(after.map((row) => [row.name, row.key])).toEqual([
      ['red', 'r1'],
      ['red_3', 'r3'],
      ['red_4', 'r4'],
      ['red_5', 'r5'],
    ]);
    expect(after[0]?.id).toBe(before[0]?.id);
    expect(after.every((row) => row.models === 'gpt-4o-mini' && row.only_chat === 1)).toBe(true);
    expect(after.every((row) => row.model_mapping === '{"a":"b"}' && row.priority === 2)).toBe(true);
    // Fields not sent are left alone (the group stays; priority is not a shared field).
    expect(after.every((row) => row.group === 'default')).toBe(true);
  });

  it('renames a tag when the body carries a new tag', async () => {
    await as('PUT', '/api/channel_tag/blue', { key: 'b1\nb2', tag: 'navy' });
    const navy = (await rows()).filter((row) => row.tag === 'navy');
    expect(navy.map((row) => row.name)).toEqual(['blue', 'blue_2']);
    expect((await as('GET', '/api/channel_tag/blue')).body.code).toBe('NOT_FOUND');
  });

  it('sets priority, weight and status of every member; unknown tags are NOT_FOUND', async () => {
    expect(
      (await as('PUT', '/api/channel_tag/red/priority', { type: 'priority', value: 0 })).body.success,
    ).toBe(true);
    expect(
      (await as('PUT', '/api/channel_tag/red/priority', { type: 'weight', value: 4 })).body.success,
    ).toBe(true);
    // Setting the value a tag already has is a success too (MySQL counts only changed rows).
    expect(
      (await as('PUT', '/api/channel_tag/red/priority', { type: 'weight', value: 4 })).body.success,
    ).toBe(true);
    expect((await as('PUT', '/api/channel_tag/red/status/disable')).body.success).toBe(true);
    const red = (await rows()).filter((row) => row.tag === 'red');
    expect(red.every((row) => row.priority === 0 && row.weight === 4 && row.status === 2)).toBe(true);
    await as('PUT', '/api/channel_tag/red/status/enable');
    expect((await rows()).filter((row) => row.tag === 'red').every((row) => row.status === 1)).toBe(true);
    expect((await as('PUT', '/api/channel_tag/nope/status/enable')).body.code).toBe('NOT_FOUND');
    const badStatus = await as('PUT', '/api/channel_tag/red/status/on');
    expect(badStatus.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('deletes the disabled members with a proper envelope (quirk §6.2), then the whole tag', async () => {
    const [first] = (await rows()).filter((row) => row.tag === 'red');
    await t.app.gw.db
      .updateTable('channels')
      .set({ status: 3 })
      .where('id', '=', Number(first?.id))
      .execute();
    const disabled = await as('DELETE', '/api/channel_tag/red/disabled');
    expect(disabled.body).toEqual({ success: true, message: '', data: 1 });
    const all = await as('DELETE', '/api/channel_tag/red');
    expect(all.body).toMatchObject({ success: true, data: 2 });
    expect((await rows()).map((row) => row.name).sort()).toEqual(['blue', 'plain']);
  });
});
