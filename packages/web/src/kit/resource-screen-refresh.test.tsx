// @vitest-environment happy-dom
import { translate } from '@gw/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../test-support/render-with-app';
import { queryClient } from './query-client';
import { ResourceScreen } from './resource-screen';
import { petScreen } from './test-screen';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);

function UrlProbe() {
  return <output data-testid="url">{useLocation().search}</output>;
}

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
});
afterEach(cleanup);

describe('refresh that clears the filters (console-screens §1.2)', () => {
  it('drops the filter and the order, then lists everything again', async () => {
    const { screen: pets, calls } = petScreen(3);
    renderWithApp(
      <>
        <ResourceScreen screen={{ ...pets, refreshClearsFilters: true }} />
        <UrlProbe />
      </>,
      { role: 10, path: '/?keyword=pet2&order=name' },
    );
    await screen.findByText('pet2');
    expect(screen.queryByText('pet1')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en('web.kit.refresh_clear') }));
    await screen.findByText('pet1');
    expect(screen.getByTestId('url').textContent).toBe('');
    expect(calls.list.at(-1)).toMatchObject({ page: 1, order: '-id' });
    expect(calls.list.at(-1)).not.toHaveProperty('keyword');
  });

  it('a plain screen keeps its filter on refresh and asks the server again', async () => {
    const { screen: pets, calls } = petScreen(3);
    renderWithApp(<ResourceScreen screen={pets} />, { role: 10, path: '/?keyword=pet2' });
    await screen.findByText('pet2');
    const before = calls.list.length;
    fireEvent.click(screen.getByRole('button', { name: en('common.refresh') }));
    await waitFor(() => expect(calls.list.length).toBe(before + 1));
    expect(calls.list.at(-1)).toMatchObject({ keyword: 'pet2' });
  });
});
