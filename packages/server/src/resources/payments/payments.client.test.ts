// Core's gateway and order calls against a real gw server on loopback, every reply parsed with its schema.
import {
  type ApiClient,
  createPayment,
  deletePayment,
  getPayment,
  listOrders,
  listPayments,
  patchPayment,
  updatePayment,
} from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app.js';
import { startClientApp } from '../../test-support/client-app.js';

const STRIPE = {
  type: 'stripe' as const,
  name: 'Stripe',
  icon: 'https://example.com/s.png',
  currency: 'USD' as const,
  config: JSON.stringify({ secret_key: 'sk_test', webhook_secret: '' }),
};

describe('core payment client against gw', () => {
  let t: TestApp;
  let client: ApiClient;

  beforeAll(async () => {
    ({ t, client } = await startClientApp());
  });
  afterAll(() => t.close());

  it('creates (HTTP 201), lists, reads, edits fully and partially, and deletes a gateway', async () => {
    const created = await createPayment(client, STRIPE);
    expect(created.uuid).toMatch(/^[0-9a-f]{32}$/);
    const page = await listPayments(client, { type: 'stripe', order: '-created_at' });
    expect(page.data.map((gateway) => gateway.id)).toEqual([created.id]);
    expect(page.data[0]?.config).toBe('');
    expect(JSON.parse((await getPayment(client, created.id)).config).secret_key).toBe('sk_test');
    const full = await updatePayment(client, { ...STRIPE, id: created.id, uuid: created.uuid, sort: 3 });
    expect(full.sort).toBe(3);
    expect((await patchPayment(client, { id: created.id, enable: false })).enable).toBe(false);
    expect((await patchPayment(client, { id: created.id, sort: 0 })).sort).toBe(0);
    await deletePayment(client, created.id);
    await expect(getPayment(client, created.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists orders', async () => {
    await t.app.gw.db
      .insertInto('orders')
      .values({
        gateway_id: 1,
        user_id: 1,
        trade_no: 'T-1',
        amount: 5,
        order_amount: 36.5,
        order_currency: 'CNY',
        quota: 2_500_000,
        status: 'success',
        created_at: 1_700_000_000,
      })
      .execute();
    const page = await listOrders(client, { status: 'success', user_id: 1 });
    expect(page.data).toEqual([
      expect.objectContaining({ trade_no: 'T-1', order_amount: 36.5, status: 'success' }),
    ]);
  });

  it('checks input before sending it', () => {
    expect(() => createPayment(client, { ...STRIPE, config: '{}' })).toThrow(/config_shape/);
  });
});
