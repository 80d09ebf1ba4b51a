// Gateway and order routes on every configured dialect: CRUD, filters, partial edits and the order list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { call, ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../../test-support/test-app.js';

/** A valid gateway body of each type. */
export const GATEWAYS = {
  epay: {
    type: 'epay',
    name: 'Epay',
    icon: 'https://example.com/epay.png',
    currency: 'CNY',
    config: JSON.stringify({
      pay_domain: 'https://pay.example.com',
      partner_id: '1001',
      key: 'epay-secret',
      pay_type: 'alipay',
    }),
  },
  stripe: {
    type: 'stripe',
    name: 'Stripe card',
    icon: 'https://example.com/stripe.png',
    currency: 'USD',
    fixed_fee: 0.3,
    percent_fee: 0.029,
    sort: 5,
    config: JSON.stringify({ secret_key: 'sk_test_secret', webhook_secret: '' }),
  },
} as const;

describe.each(TEST_DIALECTS)('payment routes on %s', (kind) => {
  let t: TestApp;
  let root: string;

  const create = async (body: Record<string, unknown>) => {
    const reply = await call(t.app, 'POST', '/api/payment/', { cookie: root, body });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ success: true });
    return reply.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
  });
  afterAll(() => t.close());

  it('adds gateways with a server-made uuid and answers 201 with the gateway', async () => {
    const epay = await create({ ...GATEWAYS.epay, id: 99, uuid: 'mine' });
    expect(epay.uuid).toMatch(/^[0-9a-f]{32}$/);
    expect(epay.id).not.toBe(99);
    expect(epay).toMatchObject({
      type: 'epay',
      name: 'Epay',
      fixed_fee: 0,
      percent_fee: 0,
      sort: 0,
      enable: true,
    });
    expect(epay.created_at).toBeGreaterThan(0);
    const stripe = await create(GATEWAYS.stripe);
    expect(stripe).toMatchObject({ fixed_fee: 0.3, percent_fee: 0.029, sort: 5, currency: 'USD' });
  });

  it('lists with filters and no credentials, and shows the config on a single read', async () => {
    const all = await call(t.app, 'GET', '/api/payment/?order=-created_at', { cookie: root });
    expect(all.body.data.total_count).toBe(2);
    for (const row of all.body.data.data) expect(row.config).toBe('');
    expect(JSON.stringify(all.body)).not.toContain('secret');

    const byType = await call(t.app, 'GET', '/api/payment?type=stripe', { cookie: root });
    expect(byType.body.data.data.map((p: { name: string }) => p.name)).toEqual(['Stripe card']);
    const byName = await call(t.app, 'GET', '/api/payment/?name=Str', { cookie: root });
    expect(byName.body.data.total_count).toBe(1);
    const byCurrency = await call(t.app, 'GET', '/api/payment/?currency=CNY', { cookie: root });
    expect(byCurrency.body.data.data.map((p: { type: string }) => p.type)).toEqual(['epay']);
    const uuid = byCurrency.body.data.data[0].uuid;
    const byUuid = await call(t.app, 'GET', `/api/payment/?uuid=${uuid}`, { cookie: root });
    expect(byUuid.body.data.total_count).toBe(1);
    const sorted = await call(t.app, 'GET', '/api/payment/?order=-sort', { cookie: root });
    expect(sorted.body.data.data.map((p: { sort: number }) => p.sort)).toEqual([5, 0]);
    const refused = await call(t.app, 'GET', '/api/payment/?order=config', { cookie: root });
    expect(refused.body.success).toBe(false);

    const id = byUuid.body.data.data[0].id;
    const one = await call(t.app, 'GET', `/api/payment/${id}`, { cookie: root });
    expect(JSON.parse(one.body.data.config)).toMatchObject({ key: 'epay-secret' });
  });

  it('applies zero and false in a partial edit, and replaces every column in a full one', async () => {
    const stripe = await create({ ...GATEWAYS.stripe, name: 'to edit' });
    // The console's quick edits: {id, sort: 0} and {id, enable: false} take effect (quirk fixed).
    const sortZero = await call(t.app, 'PUT', '/api/payment/', {
      cookie: root,
      body: { id: stripe.id, sort: 0 },
    });
    expect(sortZero.body.data).toMatchObject({ sort: 0, name: 'to edit', fixed_fee: 0.3 });
    const off = await call(t.app, 'PUT', '/api/payment', {
      cookie: root,
      body: { id: stripe.id, enable: false },
    });
    expect(off.body.data).toMatchObject({ enable: false, sort: 0 });

    // A full edit (uuid present) replaces every column: omitted fees fall back to 0, the uuid stays.
    const full = await call(t.app, 'PUT', '/api/payment/', {
      cookie: root,
      body: { ...GATEWAYS.epay, id: stripe.id, uuid: 'f'.repeat(32), name: 'now epay' },
    });
    expect(full.body.data).toMatchObject({
      id: stripe.id,
      uuid: stripe.uuid,
      type: 'epay',
      name: 'now epay',
      fixed_fee: 0,
      percent_fee: 0,
      enable: true,
    });

    const removed = await call(t.app, 'DELETE', `/api/payment/${stripe.id}`, { cookie: root });
    expect(removed.body).toEqual({ success: true, message: '' });
    const gone = await call(t.app, 'GET', `/api/payment/${stripe.id}`, { cookie: root });
    expect(gone.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('lists orders with every filter', async () => {
    const db = t.app.gw.db;
    const order = (n: number, values: Record<string, unknown>) => ({
      gateway_id: 1,
      user_id: 1,
      trade_no: `T${n}`,
      amount: 10,
      order_amount: 72.5,
      order_currency: 'CNY',
      quota: 5_000_000,
      status: 'pending',
      gateway_no: '',
      fee: 0,
      discount: 0,
      created_at: 1_700_000_000 + n,
      ...values,
    });
    await db
      .insertInto('orders')
      .values([
        order(1, {}),
        order(2, { user_id: 2, status: 'success', gateway_no: 'G2', fee: 0.5, discount: 1.25 }),
        order(3, { gateway_id: 2, created_at: 1_800_000_000 }),
      ])
      .execute();
    const list = (query: string) => call(t.app, 'GET', `/api/payment/order?${query}`, { cookie: root });

    const all = await list('order=-created_at&user_id=&gateway_id=');
    expect(all.body.data.data.map((o: { trade_no: string }) => o.trade_no)).toEqual(['T3', 'T2', 'T1']);
    expect(all.body.data.data[1]).toMatchObject({
      fee: 0.5,
      discount: 1.25,
      order_amount: 72.5,
      gateway_no: 'G2',
    });
    expect((await list('user_id=2')).body.data.total_count).toBe(1);
    expect((await list('gateway_id=2')).body.data.data[0].trade_no).toBe('T3');
    expect((await list('trade_no=T1')).body.data.total_count).toBe(1);
    expect((await list('gateway_no=G2')).body.data.data[0].trade_no).toBe('T2');
    expect((await list('status=success')).body.data.total_count).toBe(1);
    expect((await list('start_timestamp=1700000002&end_timestamp=1700000003')).body.data.total_count).toBe(1);
    expect((await list('user_id=abc')).body.success).toBe(false);
    expect((await list('order=trade_no')).body.success).toBe(false);
  });
});
