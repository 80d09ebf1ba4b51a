// @vitest-environment happy-dom
import { type ScreenDef, translate } from '@gw/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../test-support/render-with-app';
import { queryClient } from './query-client';
import { ResourceScreen } from './resource-screen';
import { type Pet, type PetValues, petScreen } from './test-screen';

const en = (key: string) => translate('en_US', key);

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
});
afterEach(cleanup);

/** The pets screen with a server-written CSV, filters that wait for Search and a kind select that does not. */
function downloadScreen(): { screen: ScreenDef<Pet, PetValues, PetValues>; calls: { list: unknown[] } } {
  const { screen: pets, calls } = petScreen(3);
  return {
    calls,
    screen: {
      ...pets,
      searchButton: true,
      filters: [
        ...pets.filters,
        {
          name: 'kind',
          kind: 'select',
          labelKey: 'logs.fields.type',
          appliesAtOnce: true,
          options: [
            { value: '', labelKey: 'common.all' },
            { value: 2, labelKey: 'logs.type.consume' },
          ],
        },
      ],
      csvDownload: {
        path: '/api/pet/export',
        selfPath: '/api/pet/self/export',
        params: (query) => ({ keyword: query.keyword, kind: query.kind }),
      },
    },
  };
}

describe('a screen whose server writes the CSV', () => {
  it('links to the export of the current filter, the self path below admin', async () => {
    renderWithApp(<ResourceScreen screen={downloadScreen().screen} />, { role: 10, path: '/?keyword=pet1' });
    await screen.findByText('pet1');
    const link = screen.getByRole('button', { name: en('web.kit.export_csv') });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toMatch(/^\/api\/pet\/export\?keyword=pet1&lang=/);
    cleanup();
    renderWithApp(<ResourceScreen screen={downloadScreen().screen} />, { role: 1 });
    await screen.findByText('pet2');
    expect(screen.getByRole('button', { name: en('web.kit.export_csv') }).getAttribute('href')).toMatch(
      /^\/api\/pet\/self\/export\?lang=/,
    );
  });

  it('searches at once when a select says so, though the texts wait for Search', async () => {
    const { screen: pets, calls } = downloadScreen();
    renderWithApp(<ResourceScreen screen={pets} />, { role: 10 });
    await screen.findByText('pet1');
    const asked = calls.list.length;
    fireEvent.change(screen.getByRole('searchbox', { name: en('common.search') }), {
      target: { value: 'pet2' },
    });
    expect(calls.list).toHaveLength(asked);
    fireEvent.change(screen.getByRole('combobox', { name: en('logs.fields.type') }), {
      target: { value: '2' },
    });
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ kind: '2', keyword: 'pet2', page: 1 }));
  });
});
