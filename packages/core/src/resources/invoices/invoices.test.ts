import { describe, expect, it } from 'vitest';
import { DEFAULT_QUOTA_DISPLAY } from '../../format/quota.js';
import { translate } from '../../i18n/i18n.js';
import { useWireRecorder } from '../../node/test-support/wire-recorder.js';
import { screenI18nKeys } from '../../screens/screen-model.js';
import { missingLocaleKeys } from '../../screens/test-support/locale-keys.js';
import { INVOICE_MODEL_COLUMNS } from './invoices.fields.js';
import { invoiceBillNumber, invoiceMonthOf, previousInvoiceMonth } from './invoices.schema.js';
import { INVOICE_SCREEN, invoiceDetailPath, invoiceSheet, loadInvoiceSheet } from './invoices.screen.js';

const wire = useWireRecorder();
const ctx = {
  t: (key: string) => translate('en_US', key),
  quota: { ...DEFAULT_QUOTA_DISPLAY, displayInCurrency: false },
  time: String,
};
const line = (model_name: string, quota: number) => ({
  date: '2024-02-01',
  model_name,
  request_count: 2,
  quota,
  prompt_tokens: 12_000,
  completion_tokens: 300,
  request_time: 2500,
});

describe('monthly bills (console-screens §11)', () => {
  it('reads a month from YYYY-MM or any real day of it, and refuses anything else', () => {
    expect(invoiceMonthOf('2024-02')).toBe('2024-02-01');
    expect(invoiceMonthOf('2024-02-29')).toBe('2024-02-01');
    for (const bad of ['2023-02-29', '2024-13-01', '2024-1-01', 'May', ''])
      expect(invoiceMonthOf(bad), bad).toBeUndefined();
    expect(previousInvoiceMonth(new Date(2025, 0, 1, 4))).toBe('2024-12-01');
    expect(previousInvoiceMonth(new Date(2024, 2, 31))).toBe('2024-02-01');
    expect(invoiceBillNumber('2024-02-01', 42)).toBe('#202402-42');
    expect(invoiceDetailPath('2024-02-01')).toBe('/panel/invoice/detail/2024-02');
  });

  it('shows the month, the amount in dollars to 6 decimals whatever the display unit, and the tokens compact', () => {
    const row = { ...line('gpt-4', 1_234_567), date: '2024-02-01' };
    const text = INVOICE_SCREEN.columns.map((column) => column.value(row, ctx));
    expect(text).toEqual(['2024-02', '$2.469134', '12.0k / 300', '2', '2.5 s']);
    expect(INVOICE_MODEL_COLUMNS.map((column) => column.value(row, ctx))).toEqual([
      'gpt-4',
      '12,000',
      '300',
      '2',
      '2.5 s',
      '$2.469134',
    ]);
    expect(
      missingLocaleKeys([...screenI18nKeys(INVOICE_SCREEN), ...INVOICE_MODEL_COLUMNS.map((c) => c.titleKey)]),
    ).toEqual([]);
  });

  it('lists the months newest first and builds a sheet whose totals add its lines up', async () => {
    wire.answer('GET /api/user/invoice', { data: [], page: 1, size: 10, total_count: 0 });
    await INVOICE_SCREEN.list(wire.client, { page: 1, size: 10, order: INVOICE_SCREEN.defaultOrder });
    expect(wire.requests.at(-1)?.url).toBe('/api/user/invoice?page=1&size=10&order=-date');
    const sheet = invoiceSheet('2024-02-01', { id: 5, username: 'alice' }, [line('a', 10), line('b', 30)]);
    expect(sheet).toMatchObject({ billNumber: '#202402-5', month: '2024-02', username: 'alice', email: '' });
    expect(sheet.lines.map((item) => item.model_name)).toEqual(['b', 'a']);
    expect(sheet.totals).toEqual({
      prompt_tokens: 24_000,
      completion_tokens: 600,
      request_count: 4,
      request_time: 5000,
      quota: 40,
    });
    wire.answer('GET /api/user/invoice/detail', [line('a', 10)]);
    const loaded = await loadInvoiceSheet(wire.client, '2024-02', { id: 5, username: 'alice' });
    expect(loaded?.totals.quota).toBe(10);
    expect(wire.requests.at(-1)?.url).toBe('/api/user/invoice/detail?date=2024-02-01');
    const calls = wire.requests.length;
    expect(await loadInvoiceSheet(wire.client, '2024-2', { id: 5, username: 'alice' })).toBeUndefined();
    expect(wire.requests).toHaveLength(calls);
  });
});
