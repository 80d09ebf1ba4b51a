import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.js';
import { screenI18nKeys, visibleFields } from '../../screens/screen-model.js';
import { fieldErrorsFromZod } from '../../validation/issues.js';
import {
  emptyPaymentForm,
  PAYMENT_FORM,
  PAYMENT_SCREENS,
  paymentFormFromRow,
  paymentFormSchema,
  paymentInputFromForm,
} from './payments.screen.js';
import { paymentCreateSchema, paymentSchema, paymentUpdateSchema } from './payments.schema.js';

const shown = (type: 'epay' | 'alipay' | 'wxpay' | 'stripe') =>
  visibleFields(PAYMENT_FORM.fields, { ...emptyPaymentForm(), type }, 'create').map((field) => field.name);

describe('gateway editor (console-screens §15.2)', () => {
  it("shows exactly the credentials of the gateway's type", () => {
    expect(shown('epay')).toEqual(expect.arrayContaining(['pay_domain', 'partner_id', 'key', 'pay_type']));
    expect(shown('epay')).not.toContain('app_id');
    expect(shown('alipay')).toEqual(
      expect.arrayContaining(['app_id', 'private_key', 'public_key', 'pay_type']),
    );
    expect(shown('wxpay')).toEqual(expect.arrayContaining(['mch_id', 'mch_apiv3_key', 'mch_private_key']));
    expect(shown('stripe')).toEqual(expect.arrayContaining(['secret_key', 'webhook_secret']));
    expect(shown('stripe')).not.toContain('pay_type');
  });

  it("offers each type's own pay types", () => {
    const payTypes = (type: 'epay' | 'alipay' | 'wxpay') =>
      visibleFields(PAYMENT_FORM.fields, { ...emptyPaymentForm(), type }, 'create')
        .find((field) => field.name === 'pay_type')
        ?.options?.map((option) => option.value);
    expect(payTypes('epay')).toEqual(['', 'alipay', 'wxpay', 'qqpay', 'jdpay', 'bank', 'paypal', 'usdt']);
    expect(payTypes('alipay')).toEqual(['facepay', 'pagepay', 'wappay']);
    expect(payTypes('wxpay')).toEqual(['Native']);
  });

  it('requires name, icon and the credentials of the type; fees within their bounds', () => {
    const result = paymentFormSchema.safeParse({ ...emptyPaymentForm(), percent_fee: 2 });
    if (result.success) throw new Error('expected the empty gateway to be refused');
    const fields = fieldErrorsFromZod(result.error).map((issue) => issue.field);
    expect(fields.sort()).toEqual(['icon', 'key', 'name', 'partner_id', 'pay_domain', 'percent_fee'].sort());
    // Stripe's webhook secret is made by the server.
    const stripe = { ...emptyPaymentForm(), type: 'stripe' as const, name: 's', icon: 'i', secret_key: 'sk' };
    expect(paymentFormSchema.safeParse(stripe).success).toBe(true);
  });

  it("writes config as the JSON of the type's credentials only, which the server schema accepts", () => {
    const values = {
      ...emptyPaymentForm(),
      name: ' Epay ',
      icon: 'https://x/icon.png',
      pay_domain: 'https://pay.example',
      partner_id: '1000',
      key: 'secret',
      pay_type: 'alipay',
      app_id: 'left over from another type',
    };
    const input = paymentInputFromForm(values, undefined);
    expect(JSON.parse(input.config)).toEqual({
      pay_domain: 'https://pay.example',
      partner_id: '1000',
      key: 'secret',
      pay_type: 'alipay',
    });
    expect(input.name).toBe('Epay');
    expect(paymentCreateSchema.safeParse(input).success).toBe(true);
  });

  it('round-trips a stored gateway, keeping its uuid for the full update', () => {
    const stored = paymentSchema.parse({
      id: 3,
      uuid: 'u-3',
      type: 'wxpay',
      name: 'wx',
      icon: 'i',
      currency: 'CNY',
      enable: false,
      config: JSON.stringify({
        app_id: 'a',
        mch_id: 'm',
        mch_certificate_serial_number: 's',
        mch_apiv3_key: 'k',
        mch_private_key: 'p',
        pay_type: 'Native',
      }),
    });
    const values = paymentFormFromRow(stored);
    expect(values).toMatchObject({ type: 'wxpay', mch_id: 'm', enable: false, pay_type: 'Native' });
    const input = paymentInputFromForm(values, stored);
    expect(input).toMatchObject({ id: 3, uuid: 'u-3', enable: false });
    expect(paymentUpdateSchema.safeParse(input).success).toBe(true);
  });
});

describe('payment screens', () => {
  it('are two tabs of /panel/payment, orders first, every text in every locale', () => {
    expect(PAYMENT_SCREENS.map((screen) => `${screen.id}#${screen.tab?.id}`)).toEqual([
      'payment#order',
      'payment#gateway',
    ]);
    for (const screen of PAYMENT_SCREENS) {
      for (const language of ['zh_CN', 'zh_HK', 'en_US', 'ja_JP'] as const) {
        for (const key of screenI18nKeys(screen as never)) {
          expect(translate(language, key), `${language} ${key}`).not.toBe(key);
        }
      }
    }
  });
});
