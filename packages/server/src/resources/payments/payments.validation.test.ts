// Refused gateway writes on every configured dialect: each bad body gets a clear message and stores nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { call, ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../../test-support/test-app.js';

const EPAY = {
  type: 'epay',
  name: 'Epay',
  icon: 'https://example.com/epay.png',
  currency: 'CNY',
  config: JSON.stringify({
    pay_domain: 'https://pay.example.com',
    partner_id: '1',
    key: 'k',
    pay_type: 'alipay',
  }),
};

describe.each(TEST_DIALECTS)('payment validation on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let id: number;
  let uuid: string;

  const rows = () => t.app.gw.db.selectFrom('payments').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    const created = await call(t.app, 'POST', '/api/payment/', { cookie: root, body: EPAY });
    ({ id, uuid } = created.body.data);
  });
  afterAll(() => t.close());

  const refuse = async (body: unknown, field: string, method: 'POST' | 'PUT') => {
    const before = await rows();
    const reply = await call(t.app, method, '/api/payment/', { cookie: root, body });
    expect(reply.body.success).toBe(false);
    expect(reply.body.code).toBe('VALIDATION_FAILED');
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(reply.body.message).not.toMatch(/validation\.|payments\./);
    expect(await rows()).toEqual(before);
  };

  const BAD_GATEWAYS: Array<[string, Record<string, unknown>, string]> = [
    ['a missing currency', { currency: undefined }, 'currency'],
    ['an unknown currency', { currency: 'EUR' }, 'currency'],
    ['a missing icon', { icon: undefined }, 'icon'],
    ['an empty icon', { icon: '  ' }, 'icon'],
    ['a missing name', { name: undefined }, 'name'],
    ['an oversized name', { name: 'n'.repeat(256) }, 'name'],
    ['an unknown type', { type: 'paypal' }, 'type'],
    ['a negative fixed fee', { fixed_fee: -1 }, 'fixed_fee'],
    ['a fixed fee of the wrong type', { fixed_fee: '1' }, 'fixed_fee'],
    ['a negative percent fee', { percent_fee: -0.01 }, 'percent_fee'],
    ['a percent fee above 1', { percent_fee: 1.5 }, 'percent_fee'],
    ['a negative sort', { sort: -1 }, 'sort'],
    ['a fractional sort', { sort: 1.5 }, 'sort'],
    ['an enable of the wrong type', { enable: 'yes' }, 'enable'],
    ['a config that is not JSON', { config: '{pay_domain:' }, 'config'],
    ['a config that is a JSON array', { config: '[]' }, 'config'],
    ['a config sent as an object', { config: { key: 'k' } }, 'config'],
    [
      'a config of another type',
      { config: JSON.stringify({ secret_key: 's', webhook_secret: '' }) },
      'config',
    ],
    [
      'a config missing a credential',
      { config: JSON.stringify({ pay_domain: 'x', partner_id: '1', pay_type: 'a' }) },
      'config',
    ],
  ];

  it.each(BAD_GATEWAYS)('refuses a create with %s', async (_label, change, field) => {
    await refuse({ ...EPAY, ...change }, field, 'POST');
  });

  it.each(BAD_GATEWAYS)('refuses a full edit with %s', async (_label, change, field) => {
    await refuse({ ...EPAY, id, uuid, ...change }, field, 'PUT');
  });

  it.each([
    ['a negative sort', { sort: -3 }, 'sort'],
    ['an enable of the wrong type', { enable: 1 }, 'enable'],
    ['an unknown currency', { currency: 'JPY' }, 'currency'],
    ['a type without a config of its shape', { type: 'stripe' }, 'config'],
    [
      'a config that does not fit the stored type',
      { config: '{"secret_key":"s","webhook_secret":""}' },
      'config',
    ],
    ['an empty icon', { icon: '' }, 'icon'],
  ])('refuses a partial edit with %s', async (_label, change, field) => {
    await refuse({ id, ...change }, field, 'PUT');
  });

  it('refuses an edit without an id, and of a gateway that does not exist', async () => {
    await refuse({ sort: 1 }, 'id', 'PUT');
    const before = await rows();
    const missing = await call(t.app, 'PUT', '/api/payment/', { cookie: root, body: { id: 9999, sort: 1 } });
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await rows()).toEqual(before);
  });
});
