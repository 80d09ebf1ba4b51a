import { describe, expect, it } from 'vitest';
import { screenQueryFromParams } from '../../screens/screen-model.js';
import { orderStatusChip, percentText } from './payments.fields.js';
import { orderEndDefault, PAYMENT_GATEWAY_SCREEN, PAYMENT_ORDER_SCREEN } from './payments.screen.js';

describe('payment lists (console-screens §15)', () => {
  it('colours order statuses: pending blue, success green, failed red, closed grey', () => {
    expect(
      ['pending', 'success', 'failed', 'closed', 'odd'].map((status) => orderStatusChip(status).tone),
    ).toEqual(['primary', 'success', 'error', 'default', 'default']);
  });

  it('shows a percent fee exactly', () => {
    expect(percentText(0.05)).toBe('5%');
    expect(percentText(0.007)).toBe('0.7%');
  });

  it('ends the order search an hour from now unless the URL says otherwise', () => {
    const now = Date.UTC(2026, 0, 1, 10, 30, 42);
    expect(orderEndDefault(now)).toBe(Date.UTC(2026, 0, 1, 11, 30) / 1000);
    const fresh = screenQueryFromParams(PAYMENT_ORDER_SCREEN, new URLSearchParams(), 10);
    expect(Number(fresh.end_timestamp)).toBeGreaterThan(Date.now() / 1000 + 3500);
    const linked = screenQueryFromParams(PAYMENT_ORDER_SCREEN, new URLSearchParams('end_timestamp=5'), 10);
    expect(linked.end_timestamp).toBe('5');
  });

  it('edits the sort in its column, refusing a negative or fractional one', () => {
    const sort = PAYMENT_GATEWAY_SCREEN.inlineNumbers?.find((def) => def.column === 'sort');
    expect(sort?.schema.safeParse(3).success).toBe(true);
    expect(sort?.schema.safeParse(-1).success).toBe(false);
    expect(sort?.schema.safeParse(1.5).success).toBe(false);
    expect(PAYMENT_GATEWAY_SCREEN.columns.find((column) => column.id === 'icon')?.image).toBe(true);
  });
});

describe('gateway editor type switch', () => {
  it('moves the pay type to the new type’s first choice', async () => {
    const { PAYMENT_FORM, emptyPaymentForm, defaultPayType } = await import('./payments.screen.js');
    const epay = emptyPaymentForm();
    expect(PAYMENT_FORM.changed?.({ ...epay, type: 'alipay' }, epay)).toEqual({ pay_type: 'facepay' });
    expect(PAYMENT_FORM.changed?.({ ...epay, name: 'x' }, epay)).toEqual({});
    expect(defaultPayType('wxpay')).toBe('Native');
    expect(defaultPayType('stripe')).toBe('');
  });
});
