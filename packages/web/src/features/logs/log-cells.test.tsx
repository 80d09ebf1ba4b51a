// @vitest-environment happy-dom
import { LOG_TYPE, type Log, logBilling, logSchema, translate } from '@gw/core';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { useT } from '../../lib/use-t';
import { renderWithApp } from '../../test-support/render-with-app';
import { BillingBreakdown, logCell } from './log-cells';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
afterEach(cleanup);

const consume = logSchema.parse({
  id: 7,
  created_at: 1_700_000_000,
  type: LOG_TYPE.consume,
  quota: 2250,
  prompt_tokens: 1000,
  completion_tokens: 500,
  request_time: 12_500,
  model_name: 'gpt-4o',
  is_stream: true,
  content: 'model ratio text',
  metadata: {
    group_name: 'vip',
    backup_group_name: 'default',
    is_backup_group: true,
    group_ratio: 0.75,
    input_ratio: 1.5,
    output_ratio: 1.5,
    first_response: 2500,
    cached_tokens: 100,
    cached_tokens_ratio: 0.1,
  },
});

/** The log table's cells of one row as the page draws them, and its billing panel. */
function Cells({ log, columns }: { log: Log; columns: string[] }) {
  const t = useT();
  const quota = useQuotaDisplay();
  const billing = logBilling(log);
  return (
    <div>
      {columns.map((id) => (
        <div key={id} data-testid={id}>
          {logCell(log, id, t, quota, () => 'charged')?.content ?? 'kit'}
        </div>
      ))}
      {billing && <BillingBreakdown billing={billing} quota={quota} t={t} />}
    </div>
  );
}

const columns = ['request_time', 'prompt_tokens', 'quota', 'group', 'content', 'model_name', 'token_name'];

describe('log cell extras (console-screens §3)', () => {
  it('Given a discounted, streamed, backup-served consume log, Then every extra shows', () => {
    renderWithApp(<Cells log={consume} columns={columns} />);
    // Duration: total / first token in the primary colour (≤ 50 s), and a green 50 t/s chip.
    const duration = screen.getByText('12.5 s / 2.5 s');
    expect(duration.className).toContain('gw-chip-primary');
    expect(screen.getByText('50.0 t/s').className).toContain('gw-chip-success');
    // Input: a dot that names the special tokens.
    expect(screen.getByRole('button', { name: en('logs.cells.special_badge') }).textContent).toBe('1000');
    // Quota: the undiscounted charge struck through before the charged one.
    const quota = screen.getByTestId('quota');
    expect(quota.querySelector('s')?.textContent).toBe('$0.006000');
    expect(quota.textContent).toContain('charged');
    // Group → backup group.
    expect(screen.getByTestId('group').textContent).toBe('vipdefault');
    expect(screen.getByTitle(en('logs.cells.backup_served', { backup: 'default' }))).toBeTruthy();
    // Detail: price chips instead of the text.
    expect(screen.getByText('Input: $3 /M')).toBeTruthy();
    expect(screen.getByText('Output: $3 /M')).toBeTruthy();
    expect(screen.queryByText('model ratio text')).toBeNull();
    // A streamed call's model: its copy chip and the Stream badge; other columns keep the kit's drawing.
    expect(screen.getByRole('button', { name: /gpt-4o/ }).textContent).toBe('gpt-4o');
    expect(screen.getByTestId('model_name').textContent).toBe(`gpt-4o${en('logs.cells.stream')}`);
    expect(screen.getByTestId('token_name').textContent).toBe('kit');
    // The breakdown: original price $4 /M, the group and its ratio, 25 % saved, the point note.
    const panel = screen.getByRole('region', { name: en('logs.cells.breakdown') });
    expect(panel.textContent).toContain(en('logs.cells.input_output', { input: '$4', output: '$4' }));
    expect(panel.textContent).toContain(en('logs.cells.group_ratio', { group: 'vip', ratio: 0.75 }));
    expect(panel.textContent).toContain('(910 / 1M × $3) + (500 / 1M × $3)');
    expect(panel.textContent).toContain(en('logs.cells.saved', { percent: 25 }));
    expect(panel.textContent).toContain(en('logs.cells.point_note'));
  });

  it('Given a top-up log, Then its text, no chips, no arrow, no breakdown', () => {
    const topup = logSchema.parse({
      created_at: 1_700_000_000,
      type: LOG_TYPE.topup,
      quota: 500_000,
      content: 'Redeemed $1',
    });
    renderWithApp(<Cells log={topup} columns={columns} />);
    expect(screen.getByTestId('content').textContent).toBe('Redeemed $1');
    expect(screen.getByTestId('request_time').textContent).toBe('');
    expect(screen.getByTestId('quota').textContent).toBe('charged');
    expect(screen.queryByRole('region', { name: en('logs.cells.breakdown') })).toBeNull();
  });
});
