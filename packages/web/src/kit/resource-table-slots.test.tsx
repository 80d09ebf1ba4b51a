// @vitest-environment happy-dom
import { translate } from '@gw/core';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../test-support/render-with-app';
import { queryClient } from './query-client';
import { ResourceScreen } from './resource-screen';
import type { RowSlots } from './resource-table';
import { type Pet, petScreen } from './test-screen';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
});
afterEach(cleanup);

const row = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

/** Odd pets open a panel and draw their name over two columns; even pets keep the kit's drawing. */
const slots: RowSlots<Pet> = {
  cell: (pet, column) =>
    column === 'name' && pet.id % 2 === 1
      ? { content: <strong>{`wide ${pet.name}`}</strong>, span: 2 }
      : undefined,
  expand: (pet) => (pet.id % 2 === 1 ? () => <p>{`panel of ${pet.name}`}</p> : undefined),
  actions: (pet, kit) => (
    <>
      <button type="button" onClick={kit.edit}>{`own ${pet.name}`}</button>
      {kit.defaults}
    </>
  ),
};

describe('ResourceTable slots', () => {
  it('draws page cells (spanning columns), opens a row panel, and wraps the kit actions', async () => {
    const { screen: pets } = petScreen(2);
    renderWithApp(<ResourceScreen screen={pets} slots={slots} />, { role: 10 });
    await screen.findByText('wide pet1');
    // The spanning cell covers name and status: pet1's row has one cell fewer than pet2's.
    const wide = row('wide pet1');
    const plain = row('pet2');
    expect(within(wide).getAllByRole('cell')).toHaveLength(within(plain).getAllByRole('cell').length - 1);
    expect(within(wide).getByRole('cell', { name: 'wide pet1' }).getAttribute('colspan')).toBe('2');
    // Only pet1 has a chevron; it opens and closes the panel.
    expect(
      within(plain).queryByRole('button', { name: en('web.kit.expand_row', { name: 'pet2' }) }),
    ).toBeNull();
    fireEvent.click(within(wide).getByRole('button', { name: en('web.kit.expand_row', { name: 'pet1' }) }));
    expect(screen.getByText('panel of pet1')).toBeTruthy();
    fireEvent.click(within(wide).getByRole('button', { name: en('web.kit.collapse_row', { name: 'pet1' }) }));
    expect(screen.queryByText('panel of pet1')).toBeNull();
    // The page's action sits beside the kit's own menu, and its edit opens the kit's form.
    expect(
      within(plain).getByRole('button', { name: en('web.kit.more_actions', { name: 'pet2' }) }),
    ).toBeTruthy();
    fireEvent.click(within(plain).getByRole('button', { name: 'own pet2' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
