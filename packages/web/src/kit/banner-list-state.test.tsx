// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../test-support/render-with-app';
import { queryClient } from './query-client';
import { type ListState, ResourceScreen } from './resource-screen';
import { petScreen } from './test-screen';

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
});
afterEach(cleanup);

describe('a banner drawn from the list’s state', () => {
  it('is told the list’s query, and that its rows have arrived only once they have', async () => {
    const seen: ListState[] = [];
    const { screen: pets } = petScreen(3);
    renderWithApp(
      <ResourceScreen
        screen={pets}
        banner={(list) => {
          seen.push(list);
          return <output>{list.settled ? 'rows in' : 'waiting'}</output>;
        }}
      />,
      { role: 10, path: '/?keyword=pet2' },
    );
    await screen.findByText('rows in');
    // Before the rows: not settled; the query is the list's own (the URL's filter in it).
    expect(seen[0]).toMatchObject({ settled: false, query: { keyword: 'pet2', page: 1 } });
    expect(screen.getByText('pet2')).toBeTruthy();
  });
});
