// Core's price, owner, model info and available-model calls against a real gw server on loopback.
import {
  type ApiClient,
  createModelInfo,
  createModelOwner,
  createChannels,
  createPrice,
  deleteModelInfo,
  deleteModelOwner,
  deletePrice,
  deletePrices,
  GwApiError,
  getAvailableModels,
  getModelInfo,
  getModelOwner,
  getModelOwnerMap,
  getPriceUpdateService,
  listModelInfo,
  listModelOwners,
  listPriceModels,
  listPrices,
  setPriceBatch,
  syncPrices,
  updateModelInfo,
  updateModelOwner,
  updatePrice,
} from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app.js';
import { startClientApp } from '../../test-support/client-app.js';

const price = { model: 'gpt-4o', type: 'tokens' as const, channel_type: 1, input: 1.25, output: 5 };

describe('core catalogue client against gw', () => {
  let t: TestApp;
  let client: ApiClient;
  beforeAll(async () => {
    ({ t, client } = await startClientApp());
  });
  afterAll(() => t.close());

  it('writes and lists prices (a model with a slash too), batches, imports and the update service', async () => {
    await expect(listPrices(client)).rejects.toMatchObject({ message: 'pricing data not found' });
    await createPrice(client, price);
    await createPrice(client, { ...price, model: 'vendor/model*' });
    await updatePrice(client, 'vendor/model*', { ...price, model: 'vendor/model-x', input: 0.1 });
    await setPriceBatch(client, {
      original_models: [],
      models: ['a', 'b'],
      price: { ...price, model: 'batch' },
    });
    await syncPrices(client, 'add', [{ ...price, model: 'c' }]);
    expect((await listPrices(client)).map((row) => row.model)).toEqual([
      'a',
      'b',
      'c',
      'gpt-4o',
      'vendor/model-x',
    ]);
    expect(await listPriceModels(client)).toContain('vendor/model-x');
    await deletePrice(client, 'vendor/model-x');
    await deletePrices(client, ['a', 'b']);
    expect(await listPriceModels(client)).toEqual(['c', 'gpt-4o']);
    expect(await getPriceUpdateService(client)).toBe('');
    // A model is available once an enabled channel serves it; the price list alone offers nothing.
    expect(await getAvailableModels(client)).toEqual({});
    await createChannels(client, {
      name: 'upstream',
      type: 1,
      key: 'sk-x',
      models: 'gpt-4o,c',
      group: 'default',
    });
    const available = await getAvailableModels(client);
    expect(Object.keys(available).sort()).toEqual(['c', 'gpt-4o']);
    expect(available['gpt-4o']).toMatchObject({ groups: ['default'], owned_by: 'OpenAI' });
  });

  it('manages model owners and model info', async () => {
    const owner = await createModelOwner(client, { id: 1500, name: 'Acme' });
    expect(owner).toEqual({ id: 1500, name: 'Acme', icon: '' });
    expect((await updateModelOwner(client, { id: 1500, name: 'Acme 2' }))?.name).toBe('Acme 2');
    expect((await getModelOwner(client, 1500)).name).toBe('Acme 2');
    expect((await getModelOwnerMap(client))['1500']?.name).toBe('Acme 2');
    expect((await listModelOwners(client)).length).toBe(36);
    await deleteModelOwner(client, 1500);
    await expect(getModelOwner(client, 1500)).rejects.toBeInstanceOf(GwApiError);

    const info = await createModelInfo(client, { model: 'gpt-4o', name: 'GPT-4o', tags: ['chat'] });
    const id = info?.id ?? 0;
    expect((await getModelInfo(client, id)).tags).toBe('["chat"]');
    await updateModelInfo(client, { id, model: 'gpt-4o', name: 'GPT 4o' });
    expect((await listModelInfo(client)).map((row) => row.name)).toEqual(['GPT 4o']);
    expect((await listPrices(client)).find((row) => row.model === 'gpt-4o')?.model_info?.name).toBe('GPT 4o');
    await deleteModelInfo(client, id);
    expect(await listModelInfo(client)).toEqual([]);
  });
});
