// `GET /api/user/payment` (contract §1.4) on every configured dialect: the enabled gateways a signed-in
// user may pay with, highest sort first, with no credential or admin-only field in the answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.js';

// Importing payments.routes.test.ts would register its suite here too, so the bodies are repeated.
const GATEWAYS = {
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
};

describe.each(TEST_DIALECTS)('user payment list on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let user: string;

  const create = async (body: Record<string, unknown>) => {
    const reply = await call(t.app, 'POST', '/api/payment/', { cookie: root, body });
    expect(reply.status).toBe(201);
    return reply.body.data as { id: number; uuid: string };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    user = await createUser(t.app, root, 'payer');
  });
  afterAll(() => t.close());

  it('answers an empty list when no gateway exists (not the user-by-id handler)', async () => {
    const reply = await call(t.app, 'GET', '/api/user/payment', { cookie: user });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: '', data: [] });
  });

  it('lists only enabled gateways, highest sort first, without credentials or admin fields', async () => {
    const epay = await create({ ...GATEWAYS.epay, sort: 1, notify_domain: 'https://notify.example.com' });
    const stripe = await create(GATEWAYS.stripe); // sort 5
    const off = await create({ ...GATEWAYS.epay, name: 'Switched off', sort: 9 });
    await call(t.app, 'PUT', '/api/payment/', { cookie: root, body: { id: off.id, enable: false } });

    const reply = await call(t.app, 'GET', '/api/user/payment/', { cookie: user });
    expect(reply.body.success).toBe(true);
    expect(reply.body.data.map((gateway: { uuid: string }) => gateway.uuid)).toEqual([
      stripe.uuid,
      epay.uuid,
    ]);
    expect(reply.body.data[0]).toEqual({
      id: 0,
      type: '',
      uuid: stripe.uuid,
      name: 'Stripe card',
      icon: 'https://example.com/stripe.png',
      notify_domain: '',
      fixed_fee: 0.3,
      percent_fee: 0.029,
      currency: 'USD',
      config: '',
      sort: 5,
      enable: null,
      created_at: 0,
    });
    const text = JSON.stringify(reply.body);
    for (const secret of [
      'epay-secret',
      'sk_test_secret',
      'partner_id',
      'notify.example.com',
      'Switched off',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('refuses a visitor who is not signed in', async () => {
    const reply = await call(t.app, 'GET', '/api/user/payment');
    expect(reply.status).toBe(401);
    expect(reply.body.success).toBe(false);
  });
});
