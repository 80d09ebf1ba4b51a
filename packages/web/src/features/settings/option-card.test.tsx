// @vitest-environment happy-dom
import { optionCards } from '@gw/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-support/render-with-app';
import { OptionCard } from './option-card';
import { SettingsPage } from './settings-page';

afterEach(cleanup);

const quotaCard = () => {
  const card = optionCards('operation').find((candidate) => candidate.card === 'quota');
  if (!card) throw new Error('no quota card');
  return card;
};

function open(loaded: Map<string, string>) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithApp(
    <QueryClientProvider client={queries}>
      <OptionCard card={quotaCard()} loaded={loaded} />
    </QueryClientProvider>,
    { role: 100 },
  );
}

describe('option card drawn from core definitions', () => {
  it('shows every option of the quota card with its stored value, in-flight options included', () => {
    open(new Map([['QuotaForNewUser', '2500']]));
    expect(screen.getByRole('heading', { name: 'Quota' })).toBeTruthy();
    expect((screen.getByLabelText('New-user quota') as HTMLInputElement).value).toBe('2500');
    // Unlisted keys fall back to the registered defaults.
    expect((screen.getByLabelText('Pre-consumed quota per request') as HTMLInputElement).value).toBe('500');
    expect(
      (screen.getByLabelText('Completion tokens held per running stream') as HTMLInputElement).value,
    ).toBe('4096');
    const inFlight = screen.getByRole('switch', { name: 'Count running requests against the balance' });
    expect((inFlight as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Quota given to each newly registered user.')).toBeTruthy();
  });

  it('given a negative quota, shows the rule of core next to the field, worded with its label', () => {
    open(new Map());
    fireEvent.change(screen.getByLabelText('New-user quota'), { target: { value: '-5' } });
    expect(screen.getByText('New-user quota cannot be less than 0')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New-user quota'), { target: { value: 'abc' } });
    expect(screen.getByText('New-user quota must be an integer')).toBeTruthy();
  });

  it('given a wrong field, Save sends nothing (no write reaches the missing server)', async () => {
    open(new Map());
    fireEvent.change(screen.getByLabelText('New-user quota'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((done) => setTimeout(done, 20));
    expect(screen.getByText('New-user quota cannot be less than 0')).toBeTruthy();
    expect(screen.queryByText(/no server in component tests/)).toBeNull();
  });

  it('given a valid change, Save writes it and shows the failure of the write next to the field', async () => {
    open(new Map());
    fireEvent.change(screen.getByLabelText('New-user quota'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The component tests' client has no server: the write's failure lands next to its field.
    expect(await screen.findByText(/no server in component tests/)).toBeTruthy();
  });
});

describe('settings page guard', () => {
  it('tells an admin who is not root that only the super administrator changes settings', async () => {
    renderWithApp(<SettingsPage />, { role: 10, path: '/panel/setting' });
    expect(await screen.findByText('Only the super administrator can change settings.')).toBeTruthy();
  });
});

describe('JSON options', () => {
  it('shows the stored discount map pretty-printed and names a broken one by its label', () => {
    const payment = optionCards('operation').find((candidate) => candidate.card === 'payment');
    if (!payment) throw new Error('no payment card');
    renderWithApp(
      <QueryClientProvider client={new QueryClient()}>
        <OptionCard card={payment} loaded={new Map([['RechargeDiscount', '{"10":0.9}']])} />
      </QueryClientProvider>,
      { role: 100 },
    );
    const discounts = screen.getByLabelText('Fixed-amount discounts') as HTMLTextAreaElement;
    expect(discounts.value).toBe('{\n  "10": 0.9\n}');
    fireEvent.change(discounts, { target: { value: '{"10": 0.9,' } });
    expect(screen.getByText('Fixed-amount discounts is not valid JSON')).toBeTruthy();
    fireEvent.change(discounts, { target: { value: '{"ten": 0.9}' } });
    expect(
      screen.getByText('In Fixed-amount discounts, the amount ten must be a positive integer'),
    ).toBeTruthy();
  });
});
