// Core's channel and channel-tag calls against a real gw server on loopback: every reply parsed by its
// schema, with a fake upstream provider behind the relay seam.
import {
  type ApiClient,
  clearChannelTag,
  createChannels,
  deleteChannel,
  deleteChannels,
  deleteChannelTag,
  deleteDisabledChannels,
  deleteDisabledTagChannels,
  GwApiError,
  getChannel,
  getChannelTag,
  listChannelModels,
  listChannels,
  listChannelTags,
  listProviderModels,
  listTagChannels,
  quickUpdateChannel,
  removeModelFromChannels,
  setChannelsAzureApi,
  setChannelTagPriority,
  setChannelTagStatus,
  testAllChannels,
  testChannel,
  updateAllChannelBalances,
  updateChannel,
  updateChannelBalance,
  updateChannelTag,
} from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app.js';
import { startClientApp } from '../../test-support/client-app.js';
import type { ChannelProvider } from './provider.js';

const provider: ChannelProvider = {
  available: true,
  test: async () => ({ ok: true, message: '', seconds: 0.5 }),
  balance: async () => 3.25,
  listModels: async () => ['m1', 'm2'],
};

describe('core channel client against gw', () => {
  let t: TestApp;
  let client: ApiClient;
  const form = {
    type: 1,
    name: 'cli',
    key: 'k1\nk2',
    models: 'gpt-4o,o1',
    group: 'default',
    test_model: 'o1',
  };

  beforeAll(async () => {
    ({ t, client } = await startClientApp('sqlite', {}, { channelSeams: { provider } }));
  });
  afterAll(() => t.close());

  it('creates, reads, lists, edits and deletes channels', async () => {
    const [first, second] = await createChannels(client, form);
    expect([first?.name, second?.name]).toEqual(['cli', 'cli_2']);
    const id = first?.id ?? 0;
    expect((await getChannel(client, id)).key).toBe('k1');
    const page = await listChannels(client, { size: 10, order: 'name', models: 'gpt' });
    expect(page.total_count).toBe(2);
    expect(page.data.every((channel) => channel.key === '')).toBe(true);
    const edited = await updateChannel(client, { ...form, id, name: 'edited', key: '' });
    expect(edited).toMatchObject({ name: 'edited', key: 'k1' });
    expect((await quickUpdateChannel(client, { id, priority: 0, weight: 5 })).weight).toBe(5);
    expect(await setChannelsAzureApi(client, { ids: [id], value: '2025-01-01' })).toBe(1);
    expect(await removeModelFromChannels(client, { ids: [id], value: 'o1' })).toBe(1);
    expect((await listChannelModels(client)).data.map((model) => model.id)).toEqual(['gpt-4o', 'o1']);
    await deleteChannel(client, id);
    expect(await deleteChannels(client, [second?.id ?? 0])).toBe(1);
    const missing = await getChannel(client, id).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(GwApiError);
    expect((missing as GwApiError).code).toBe('NOT_FOUND');
  });

  it('tests, refreshes balances and lists upstream models through the provider seam', async () => {
    const [channel] = await createChannels(client, { ...form, key: 'solo' });
    const id = channel?.id ?? 0;
    expect(await testChannel(client, id)).toMatchObject({ success: true, time: 0.5 });
    expect(await updateChannelBalance(client, id)).toMatchObject({ success: true, balance: 3.25 });
    expect(await updateAllChannelBalances(client)).toBe('已更新所有渠道余额');
    expect(await testAllChannels(client)).toContain('开始测试');
    expect(await listProviderModels(client, { id })).toEqual(['m1', 'm2']);
    await quickUpdateChannel(client, { id, status: 2 });
    expect(await deleteDisabledChannels(client)).toBe(1);
  });

  it('manages tags', async () => {
    await createChannels(client, { ...form, name: 'tagged', key: 't1\nt2\nt3', tag: 'team' });
    expect(await listChannelTags(client)).toEqual([{ id: 0, tag: 'team' }]);
    expect((await listTagChannels(client, 'team')).map((channel) => channel.key)).toEqual(['t1', 't2', 't3']);
    const detail = await getChannelTag(client, 'team');
    expect(Object.keys(detail.KeyMap)).toHaveLength(3);
    await updateChannelTag(client, 'team', { key: 't1\nt2', models: 'gpt-4o' });
    await setChannelTagPriority(client, 'team', 3);
    await setChannelTagStatus(client, 'team', 'disable');
    const members = await listTagChannels(client, 'team');
    expect(members.map((channel) => [channel.priority, channel.status, channel.models])).toEqual([
      [3, 2, 'gpt-4o'],
      [3, 2, 'gpt-4o'],
    ]);
    const first = members[0]?.id ?? 0;
    await clearChannelTag(client, first);
    expect(await deleteDisabledTagChannels(client, 'team')).toBe(1);
    await createChannels(client, { ...form, name: 'again', key: 'x', tag: 'team' });
    expect(await deleteChannelTag(client, 'team')).toBe(1);
    expect(await listChannelTags(client)).toEqual([]);
  });
});
