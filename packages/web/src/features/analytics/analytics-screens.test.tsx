// @vitest-environment happy-dom
import {
  analyticsPeriodSchema,
  analyticsStatisticsSchema,
  translate,
  userModelUsageSchema,
  userUsageSchema,
} from '@gw/core';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test-support/render-with-app';
import { MultiUserReport } from './multi-user-report';
import { parseUsernames } from './multi-user-stats-page';
import { PeriodCharts } from './period-charts';
import { PeriodFilters } from './period-filters';
import { SummaryCards } from './summary-cards';

afterEach(cleanup);

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
const QUOTA = { displayInCurrency: true, quotaPerUnit: 500_000 };

// Replies shaped as the server sends them (contract §1.16), parsed by core's schemas as the screens do.
const statistics = analyticsStatisticsSchema.parse({
  user_statistics: {
    total_quota: 5_000_000,
    total_used_quota: 1_250_000,
    total_user: 4,
    total_inviter_user: 1,
  },
  channel_statistics: [
    { total_channels: 2, status: 1 },
    { total_channels: 1, status: 3 },
  ],
  redemption_statistic: [{ count: 1, quota: 500_000, status: 3 }],
  order_statistics: [{ quota: 1_000_000, money: 14.5, order_currency: 'CNY' }],
});
const period = analyticsPeriodSchema.parse({
  user_statistics: [{ date: '2026-11-24', user_count: 2, inviter_user_count: 1 }],
  channel_statistics: [
    {
      Date: '2026-11-24',
      Channel: 'gpt-4o-mini',
      RequestCount: 2,
      Quota: 1500,
      PromptTokens: 20,
      CompletionTokens: 10,
      RequestTime: 40,
    },
    {
      Date: '2026-11-25',
      Channel: 'gpt-4o-mini',
      RequestCount: 1,
      Quota: 750,
      PromptTokens: 10,
      CompletionTokens: 5,
      RequestTime: 20,
    },
  ],
  redemption_statistics: null,
  order_statistics: [{ date: '2026-11-25', order_amount: 14.5 }],
});

describe('analytics summary cards', () => {
  it('shows spend, users, channels and recharge from the statistics reply', () => {
    renderWithApp(<SummaryCards statistics={statistics} quota={QUOTA} />, { role: 100 });
    const spend = screen.getByRole('group', { name: en('analytics.summary.spend') });
    expect(spend.textContent).toContain('$2.50');
    expect(spend.textContent).toContain(en('analytics.summary.balance', { value: '$10.00' }));
    const users = screen.getByRole('group', { name: en('analytics.summary.users') });
    expect(users.textContent).toContain(en('analytics.summary.users_sub', { direct: 3, invited: 1 }));
    const channels = screen.getByRole('group', { name: en('analytics.summary.channels') });
    expect(channels.textContent).toContain(
      en('analytics.summary.channels_sub', { active: 2, disabled: 0, auto: 1 }),
    );
    const recharge = screen.getByRole('group', { name: en('analytics.summary.recharge') });
    expect(recharge.textContent).toContain('$3.00');
    expect(recharge.textContent).toContain(
      en('analytics.summary.paid', { amount: '14.50', currency: 'CNY' }),
    );
  });

  it('shows skeletons while the statistics load', () => {
    renderWithApp(<SummaryCards statistics={undefined} quota={QUOTA} />, { role: 100 });
    expect(screen.getByRole('group', { name: en('analytics.summary.spend') }).getAttribute('aria-busy')).toBe(
      'true',
    );
  });
});

describe('analytics period charts', () => {
  it('titles each chart with the range total and gives the per-day figures as its text', () => {
    renderWithApp(
      <PeriodCharts
        period={period}
        range={{ start: '2026-11-23', end: '2026-11-25' }}
        quotaPerUnit={500_000}
      />,
      { role: 100 },
    );
    expect(screen.getByText(en('analytics.charts.spend', { value: '$0.005' }))).toBeTruthy();
    expect(screen.getByText(en('analytics.charts.tokens', { value: '45' }))).toBeTruthy();
    expect(screen.getByText(en('analytics.charts.requests', { value: '3' }))).toBeTruthy();
    expect(screen.getByText(en('analytics.charts.registrations', { value: '2' }))).toBeTruthy();
    expect(screen.getByText(en('analytics.charts.recharge', { value: '¥14.50' }))).toBeTruthy();
    expect(screen.getByText(en('analytics.charts.redemption', { value: '$0.000' }))).toBeTruthy();
    const requests = screen.getAllByRole('img')[2];
    expect(requests?.getAttribute('aria-label')).toBe('2026-11-23 0; 2026-11-24 2; 2026-11-25 1');
  });
});

describe('analytics period filters', () => {
  it('searches with the picked range, group and user, and refuses a start after the end', () => {
    const onSearch = vi.fn();
    renderWithApp(
      <PeriodFilters
        initial={{ range: { start: '2026-11-19', end: '2026-11-25' }, group: 'model_type', userId: 0 }}
        today="2026-11-25"
        onSearch={onSearch}
      />,
      { role: 100 },
    );
    fireEvent.change(screen.getByLabelText(en('analytics.period.group_by')), { target: { value: 'model' } });
    fireEvent.change(screen.getByLabelText(en('analytics.period.user_id')), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: en('analytics.period.search') }));
    expect(onSearch).toHaveBeenCalledWith({
      range: { start: '2026-11-19', end: '2026-11-25' },
      group: 'model',
      userId: 7,
    });
    fireEvent.change(screen.getByLabelText(en('analytics.period.start')), {
      target: { value: '2026-11-26' },
    });
    expect(screen.getByRole('alert').textContent).toBe(en('analytics.period.range_invalid'));
    expect(
      (screen.getByRole('button', { name: en('analytics.period.search') }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('searches with a day typed as 2026/11/20 read as 2026-11-20, even sent before the field tidied it', () => {
    const onSearch = vi.fn();
    renderWithApp(
      <PeriodFilters
        initial={{ range: { start: '2026-11-19', end: '2026-11-25' }, group: 'model_type', userId: 0 }}
        today="2026-11-25"
        onSearch={onSearch}
      />,
      { role: 100 },
    );
    fireEvent.change(screen.getByLabelText(en('analytics.period.start')), {
      target: { value: '2026/11/20' },
    });
    fireEvent.click(screen.getByRole('button', { name: en('analytics.period.search') }));
    expect(onSearch).toHaveBeenCalledWith({
      range: { start: '2026-11-20', end: '2026-11-25' },
      group: 'model_type',
      userId: 0,
    });
  });
});

describe('multi-user report', () => {
  it('draws a card per user with spend to 6 dp and titles the charts with their totals', () => {
    const users = [
      userUsageSchema.parse({
        username: 'ann',
        request_count: 1234,
        quota: 1_234_567,
        prompt_tokens: 10,
        completion_tokens: 20,
        request_time: 1500,
      }),
      userUsageSchema.parse({
        username: 'bob',
        request_count: 1,
        quota: 3,
        prompt_tokens: 1,
        completion_tokens: 1,
        request_time: 20,
      }),
    ];
    const modelUsage = [
      userModelUsageSchema.parse({ username: 'ann', model_name: 'gpt-4o', request_count: 1234 }),
      userModelUsageSchema.parse({ username: 'bob', model_name: 'claude', request_count: 1 }),
    ];
    renderWithApp(<MultiUserReport users={users} modelUsage={modelUsage} quotaPerUnit={500_000} />, {
      role: 100,
    });
    const ann = within(screen.getByRole('group', { name: 'ann' }));
    expect(ann.getByText('$2.469134')).toBeTruthy();
    expect(ann.getByText('1,234')).toBeTruthy();
    expect(ann.getByText('1.500')).toBeTruthy();
    expect(screen.getByText(en('analytics.multi.spend_chart', { value: '$2.469140' }))).toBeTruthy();
    expect(screen.getByText(en('analytics.multi.calls_chart', { value: '1,235' }))).toBeTruthy();
    expect(screen.getAllByRole('img')[1]?.getAttribute('aria-label')).toBe(
      'ann – gpt-4o 1234; bob – claude 1',
    );
  });

  it('reads comma-separated usernames, full-width commas too, without blanks or repeats', () => {
    expect(parseUsernames(' ann, bob,,ann，carol ')).toEqual(['ann', 'bob', 'carol']);
    expect(parseUsernames(' , ')).toEqual([]);
  });
});
