// @vitest-environment happy-dom
// The kit capabilities the admin screens beyond Users need: toolbar actions, the notice and the
// header's indicators, rows that may not be edited or switched, actions whose answer is copied, and
// the list a create answers (redemption codes).
import { type ScreenDef, translate } from '@gw/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test-support/render-with-app';
import { queryClient } from './query-client';
import { ResourceScreen } from './resource-screen';
import { type Pet, type PetValues, petScreen } from './test-screen';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
const row = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
const openMenu = (name: string) =>
  fireEvent.click(screen.getByRole('button', { name: en('web.kit.more_actions', { name }) }));

let copied: string[] = [];
beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
  copied = [];
  // The page's clipboard as the browser offers it; the test reads what was put there.
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void copied.push(text) },
  });
});
afterEach(cleanup);

type PetScreen = ScreenDef<Pet, PetValues, PetValues>;

describe('ResourceScreen extras', () => {
  it('runs a toolbar action after its confirmation, with no rows, and shows the notice and indicator', async () => {
    const { screen: base } = petScreen(1);
    const runs: unknown[][] = [];
    let online = false;
    const pets: PetScreen = {
      ...base,
      noticeKey: 'telegram_menus.notice',
      indicators: [
        {
          id: 'bot',
          load: async () =>
            online
              ? { labelKey: 'telegram_menus.bot.online_webhook', intent: 'success' }
              : { labelKey: 'telegram_menus.bot.offline', intent: 'danger' },
        },
      ],
      toolbarActions: [
        {
          id: 'reload',
          labelKey: 'telegram_menus.reload',
          icon: 'refresh',
          confirmKey: 'users.screen.delete_confirm',
          doneKey: 'telegram_menus.reloaded',
          run: async (_client, rows) => {
            runs.push([...rows]);
            online = true;
          },
        },
        { id: 'root', labelKey: 'users.screen.set_admin', role: 100, run: async () => {} },
      ],
    };
    renderWithApp(<ResourceScreen screen={pets} />, { role: 10 });
    await screen.findByText('pet1');
    expect(screen.getByText(en('telegram_menus.notice'))).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe(en('telegram_menus.bot.offline'));
    // Root's toolbar action is not offered to an admin.
    expect(screen.queryByRole('button', { name: en('users.screen.set_admin') })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en('telegram_menus.reload') }));
    const question = await screen.findByText(/^Delete user/);
    expect(runs).toHaveLength(0);
    fireEvent.click(
      within(question.closest('.bp6-alert') as HTMLElement).getByRole('button', {
        name: en('telegram_menus.reload'),
      }),
    );
    await waitFor(() => expect(runs).toEqual([[]]));
    // The change refreshes the entity, indicator included.
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(en('telegram_menus.bot.online_webhook')),
    );
  });

  it('offers no edit and no switch on a row its predicates exclude, and copies an action answer', async () => {
    const { screen: base, pets: store } = petScreen(2);
    const status = base.status;
    if (!status) throw new Error('the pet screen has a status');
    const pets: PetScreen = {
      ...base,
      status: { ...status, applies: (pet) => pet.id !== 2 },
      editableRow: (pet) => pet.id !== 2,
      rowActions: [
        {
          id: 'copy',
          labelKey: 'common.copy',
          result: 'copy',
          run: async (_client, rows) => rows.map((pet) => `key-${pet.name}`).join('\n'),
        },
      ],
    };
    renderWithApp(<ResourceScreen screen={pets} />, { role: 10 });
    await screen.findByText('pet2');
    expect(within(row('pet1')).queryByRole('switch')).not.toBeNull();
    expect(within(row('pet2')).queryByRole('switch')).toBeNull();
    expect(within(row('pet2')).getByText('on')).toBeTruthy();
    openMenu('pet2');
    expect(screen.queryByRole('menuitem', { name: en('common.edit') })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: en('common.copy') }));
    await waitFor(() => expect(copied).toEqual(['key-pet2']));
    expect(store).toHaveLength(2);
    openMenu('pet1');
    expect(screen.getByRole('menuitem', { name: en('common.edit') })).toBeTruthy();
  });

  it('shows the codes a create answered, copies all, and downloads them when there are several', async () => {
    const { screen: base } = petScreen(0);
    const form = base.form;
    if (!form) throw new Error('the pet screen has a form');
    const saved: { name: string; text: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, text: this.href });
    });
    const pets: PetScreen = {
      ...base,
      form: {
        ...form,
        create: async (_client, input) => [`${input.name}-a`, `${input.name}-b`],
        afterCreate: {
          kind: 'list',
          titleKey: 'redemptions.created.title',
          items: (created) => created as string[],
          fileName: (values) => values.name,
        },
      },
    };
    renderWithApp(<ResourceScreen screen={pets} />, { role: 10 });
    await screen.findByText(en('common.no_data'));
    fireEvent.click(screen.getByRole('button', { name: en('web.kit.new') }));
    const name = (await screen.findByLabelText(en('users.fields.username'), {
      exact: false,
    })) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'gift' } });
    fireEvent.submit(name.closest('form') as HTMLFormElement);
    const list = await screen.findByRole('list', { name: en('redemptions.created.title') });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['gift-a', 'gift-b']);
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['gift.txt']));
    fireEvent.click(screen.getByRole('button', { name: en('web.kit.copy_item', { name: 'gift-b' }) }));
    fireEvent.click(screen.getByRole('button', { name: en('web.kit.copy_all') }));
    await waitFor(() => expect(copied).toEqual(['gift-b', 'gift-a\ngift-b']));
    click.mockRestore();
  });

  it('reads the whole record before editing when the form says so', async () => {
    const { screen: base } = petScreen(1);
    const form = base.form;
    if (!form) throw new Error('the pet screen has a form');
    const pets: PetScreen = {
      ...base,
      form: {
        ...form,
        load: async (_client, pet) => ({ ...pet, age: 42 }),
        update: async () => {},
      },
    };
    renderWithApp(<ResourceScreen screen={pets} />, { role: 10 });
    await screen.findByText('pet1');
    openMenu('pet1');
    fireEvent.click(screen.getByRole('menuitem', { name: en('common.edit') }));
    const age = (await screen.findByLabelText(en('users.fields.request_count'), {
      exact: false,
    })) as HTMLInputElement;
    expect(age.value).toBe('42');
  });

  it('shows no rows once a reload fails, instead of the last list as if current', async () => {
    const { screen: base } = petScreen(2);
    let failing = false;
    const pets: PetScreen = {
      ...base,
      list: async (client, query) => {
        if (failing) throw new Error('the list is gone');
        return base.list(client, query);
      },
    };
    renderWithApp(<ResourceScreen screen={pets} />, { role: 10 });
    await screen.findByText('pet2');
    failing = true;
    fireEvent.click(screen.getByRole('button', { name: en('common.refresh') }));
    await screen.findByRole('cell', { name: en('common.no_data') });
    expect(screen.queryByText('pet2')).toBeNull();
  });
});
