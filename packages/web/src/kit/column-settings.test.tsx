// @vitest-environment happy-dom
import { translate } from '@gw/core';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../test-support/render-with-app';
import { queryClient } from './query-client';
import { ResourceScreen } from './resource-screen';
import { petScreen } from './test-screen';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
});
afterEach(cleanup);

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent ?? '');

describe('column settings (console-screens §3)', () => {
  it('hides a column from the table, sets select-all indeterminate, and remembers it', async () => {
    const { screen: pets } = petScreen(2);
    const described = { ...pets, columnSettings: true };
    const first = renderWithApp(<ResourceScreen screen={described} />, { role: 10 });
    await screen.findByText('pet1');
    const name = en(pets.columns[1]?.titleKey ?? '');
    expect(headers().some((text) => text.includes(name))).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: en('web.kit.column_settings') }));
    const panel = screen.getByRole('group', { name: en('web.kit.column_settings') });
    const all = within(panel).getByRole('checkbox', { name: en('web.kit.all_columns') }) as HTMLInputElement;
    expect(all.checked).toBe(true);
    fireEvent.click(within(panel).getByRole('checkbox', { name }));
    expect(headers().some((text) => text.includes(name))).toBe(false);
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);

    // A new visit to the screen keeps the column hidden.
    first.unmount();
    renderWithApp(<ResourceScreen screen={described} />, { role: 10 });
    // (pet1 is a username: its cell is the one hidden.)
    await screen.findByRole('cell', { name: '1' });
    expect(screen.queryByText('pet1')).toBeNull();
    expect(headers().some((text) => text.includes(name))).toBe(false);
    // Select-all shows every column again.
    fireEvent.click(screen.getByRole('button', { name: en('web.kit.column_settings') }));
    fireEvent.click(screen.getByRole('checkbox', { name: en('web.kit.all_columns') }));
    expect(headers().some((text) => text.includes(name))).toBe(true);
    expect(screen.getByText('pet1')).toBeTruthy();
  });

  it('is not offered on a screen that does not ask for it', async () => {
    const { screen: pets } = petScreen(1);
    renderWithApp(<ResourceScreen screen={pets} />, { role: 10 });
    await screen.findByText('pet1');
    expect(screen.queryByRole('button', { name: en('web.kit.column_settings') })).toBeNull();
  });
});
