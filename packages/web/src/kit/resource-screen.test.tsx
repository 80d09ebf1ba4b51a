// @vitest-environment happy-dom
import { translate } from '@gw/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router-dom';
import { renderWithApp } from '../test-support/render-with-app';
import { queryClient } from './query-client';
import { ResourceScreen } from './resource-screen';
import { petScreen } from './test-screen';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);

/** Shows the router's query string so a test can read what the screen put in the URL. */
function UrlProbe() {
  return <output data-testid="url">{useLocation().search}</output>;
}

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
});
afterEach(cleanup);

const row = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('ResourceScreen', () => {
  it('given the URL filter, lists only the matching rows and keeps it after a search on Enter', async () => {
    const { screen: pets, calls } = petScreen(12);
    renderWithApp(
      <>
        <ResourceScreen screen={pets} />
        <UrlProbe />
      </>,
      { role: 10, path: '/?keyword=pet1' },
    );
    // pet1, pet10, pet11, pet12 match; the search box shows the URL's keyword.
    await screen.findByText('pet10');
    expect(screen.queryByText('pet2')).toBeNull();
    const search = screen.getByRole('searchbox', { name: en('common.search') }) as HTMLInputElement;
    expect(search.value).toBe('pet1');
    fireEvent.change(search, { target: { value: 'pet2' } });
    fireEvent.submit(search.closest('form') as HTMLFormElement);
    await screen.findByText('pet2');
    expect(screen.getByTestId('url').textContent).toBe('?keyword=pet2');
    expect(calls.list.at(-1)).toMatchObject({ keyword: 'pet2', page: 1, size: 10, order: '-id' });
  });

  it('pages on the server, remembers the page size, sorts from the header', async () => {
    const { screen: pets, calls } = petScreen(12);
    renderWithApp(
      <>
        <ResourceScreen screen={pets} />
        <UrlProbe />
      </>,
      { role: 10 },
    );
    await screen.findByText('pet10');
    expect(screen.getAllByRole('switch')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: en('web.next_page') }));
    await screen.findByText('pet12');
    expect(screen.getByTestId('url').textContent).toBe('?page=2');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '30' } });
    await waitFor(() => expect(screen.getAllByRole('switch')).toHaveLength(12));
    expect(JSON.parse(localStorage.getItem('user_page_sizes') ?? '{}')).toEqual({ pet: 30 });
    expect(screen.getByTestId('url').textContent).toBe('');
    fireEvent.click(
      screen.getByRole('button', { name: en('web.kit.sort_by', { name: en('users.fields.id') }) }),
    );
    await waitFor(() => expect(calls.list.at(-1)?.order).toBe('id'));
    expect(screen.getByTestId('url').textContent).toBe('?order=id');
  });

  it('opens the "new" form when the link asks for it (?new=1), once, and drops the parameter', async () => {
    const { screen: pets } = petScreen(3);
    renderWithApp(
      <>
        <ResourceScreen screen={pets} />
        <UrlProbe />
      </>,
      { role: 10, path: '/?keyword=pet&new=1' },
    );
    await screen.findByRole('dialog');
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?keyword=pet'));
  });

  it('shows the "no data" row for an empty list and the column hint on its header', async () => {
    const { screen: pets } = petScreen(0);
    renderWithApp(<ResourceScreen screen={pets} />, { role: 10 });
    await screen.findByRole('cell', { name: en('common.no_data') });
    const header = screen.getByRole('columnheader', { name: /Username/ });
    const hint = within(header).getByRole('button', { name: en('users.screen.password_keep') });
    expect(hint.getAttribute('aria-label')).toBe(en('users.screen.password_keep'));
    expect(hint.getAttribute('data-tip')).toBe(en('users.screen.password_keep'));
  });

  it('sorts from anywhere in a sortable header cell, once per click, but not from its hint', async () => {
    const { screen: pets, calls } = petScreen(3);
    renderWithApp(<ResourceScreen screen={pets} />, { role: 10 });
    await screen.findByText('pet1');
    const idHeader = screen.getByRole('columnheader', { name: new RegExp(en('users.fields.id')) });
    fireEvent.click(idHeader);
    await waitFor(() => expect(calls.list.at(-1)?.order).toBe('id'));
    fireEvent.click(within(idHeader).getByRole('button', { name: /ID/ }));
    await waitFor(() => expect(calls.list.at(-1)?.order).toBe('-id'));
    const asked = calls.list.length;
    const username = screen.getByRole('columnheader', { name: /Username/ });
    fireEvent.click(within(username).getByRole('button', { name: en('users.screen.password_keep') }));
    expect(calls.list).toHaveLength(asked);
  });

  it('switches a row off through its status switch and shows the refreshed row', async () => {
    const { screen: pets, pets: store } = petScreen(2);
    renderWithApp(<ResourceScreen screen={pets} />, { role: 10 });
    await screen.findByText('pet1');
    fireEvent.click(screen.getByRole('switch', { name: en('users.screen.status_switch', { name: 'pet1' }) }));
    await waitFor(() => expect(within(row('pet1')).getByText('off')).toBeTruthy());
    expect(store[0]?.status).toBe(2);
  });

  it('asks before deleting from the row menu, and offers root-only actions to root only', async () => {
    const { screen: pets, pets: store } = petScreen(2);
    renderWithApp(<ResourceScreen screen={pets} />, { role: 10 });
    await screen.findByText('pet2');
    fireEvent.click(screen.getByRole('button', { name: en('web.kit.more_actions', { name: 'pet2' }) }));
    expect(screen.queryByRole('menuitem', { name: en('users.screen.set_admin') })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: en('common.delete') }));
    const question = await screen.findByText(en('users.screen.delete_confirm', { name: 'pet2' }));
    expect(store).toHaveLength(2);
    const dialog = question.closest('.bp6-alert') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: en('common.delete') }));
    await waitFor(() => expect(screen.queryByText('pet2')).toBeNull());
    expect(store.map((pet) => pet.name)).toEqual(['pet1']);
  });

  it('runs a batch action on the selected rows only', async () => {
    const { screen: pets, pets: store } = petScreen(3);
    renderWithApp(<ResourceScreen screen={pets} />, { role: 10 });
    await screen.findByText('pet3');
    fireEvent.click(screen.getByRole('checkbox', { name: en('web.kit.select_row', { name: 'pet1' }) }));
    fireEvent.click(screen.getByRole('checkbox', { name: en('web.kit.select_row', { name: 'pet3' }) }));
    const bar = screen.getByRole('toolbar', { name: en('web.kit.selected', { count: 2 }) });
    fireEvent.click(within(bar).getByRole('button', { name: en('common.disable') }));
    await waitFor(() => expect(within(row('pet3')).getByText('off')).toBeTruthy());
    expect(store.map((pet) => pet.status)).toEqual([2, 1, 2]);
  });

  it('keys: / focuses the search box, n opens the editor, ? lists the shortcuts', async () => {
    const { screen: pets } = petScreen(1);
    renderWithApp(<ResourceScreen screen={pets} />, { role: 10 });
    await screen.findByText('pet1');
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true }));
    });
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
    // Typed into the search box, "n" is text, not a shortcut.
    act(() => {
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'n', bubbles: true }));
    });
    expect(screen.queryByText(en('users.screen.create'))).toBeNull();
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'n', bubbles: true }));
    });
    expect(await screen.findByText(en('users.screen.create'))).toBeTruthy();
    cleanup();
    renderWithApp(<ResourceScreen screen={pets} />, { role: 10 });
    await screen.findByText('pet1');
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '?', bubbles: true }));
    });
    expect(await screen.findByText(en('web.kit.shortcut_new'))).toBeTruthy();
  });
});
