import { describe, expect, it } from 'vitest';
import { isFullPaymentUpdate, paymentConfigIssue, paymentPatchSchema } from './payments.schema.js';

describe('paymentConfigIssue', () => {
  it.each([
    ['epay', '{"pay_domain":"d","partner_id":"1","key":"k","pay_type":"alipay"}', undefined],
    ['alipay', '{"app_id":"a","private_key":"p","public_key":"q","pay_type":1}', undefined],
    ['stripe', '{"secret_key":"s","webhook_secret":""}', undefined],
    ['stripe', '{"secret_key":"s"}', 'payments.validation.config_shape'],
    ['stripe', '{"secret_key":1,"webhook_secret":""}', 'payments.validation.config_shape'],
    ['wxpay', '"text"', 'payments.validation.config_json'],
    ['wxpay', 'null', 'payments.validation.config_json'],
    ['epay', '{bad', 'payments.validation.config_json'],
  ])('%s %s → %s', (type, text, expected) => {
    expect(paymentConfigIssue(type, text)).toBe(expected);
  });
});

describe('payment edits', () => {
  it('tells a full edit (uuid present) from a partial one', () => {
    expect(isFullPaymentUpdate({ id: 1, uuid: 'abc' })).toBe(true);
    expect(isFullPaymentUpdate({ id: 1, uuid: ' ' })).toBe(false);
    expect(isFullPaymentUpdate({ id: 1, enable: false })).toBe(false);
    expect(isFullPaymentUpdate(null)).toBe(false);
  });

  it('keeps zero and false in a partial edit instead of dropping them', () => {
    expect(paymentPatchSchema.parse({ id: 1, sort: 0, enable: false })).toEqual({
      id: 1,
      sort: 0,
      enable: false,
    });
  });
});
