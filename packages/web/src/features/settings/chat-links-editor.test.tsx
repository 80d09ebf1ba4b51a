// @vitest-environment happy-dom
import { optionCards } from '@gw/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const toasts = vi.hoisted(() => vi.fn());
vi.mock('../../lib/toasts', async (original) => ({
  ...(await original<typeof import('../../lib/toasts')>()),
  showToast: toasts,
}));
import { renderWithApp } from '../../test-support/render-with-app';
import { parseChatLinks } from './chat-links-editor';
import { OptionCard } from './option-card';

afterEach(cleanup);

function open(stored: string) {
  const card = optionCards('operation').find((candidate) => candidate.card === 'chat_links');
  if (!card) throw new Error('no chat links card');
  return renderWithApp(
    <QueryClientProvider client={new QueryClient()}>
      <OptionCard card={card} loaded={new Map([['ChatLinks', stored]])} />
    </QueryClientProvider>,
    { role: 100 },
  );
}

describe('chat links grid', () => {
  it('given no stored links, says the built-in ones are used', () => {
    open('');
    expect(screen.getByText('No links: the built-in chat links are used.')).toBeTruthy();
  });

  it('given an added row, Save toasts the rule of core until name and URL are filled, then shows it as text', () => {
    open('');
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save link 1' }));
    save();
    expect(toasts.mock.lastCall).toEqual(['error', 'Entry 1 of Chat links has no name']);
    fireEvent.change(screen.getByLabelText('Name 1'), { target: { value: 'Next' } });
    save();
    expect(toasts.mock.lastCall).toEqual(['error', 'Entry 1 of Chat links has no URL']);
    fireEvent.change(screen.getByLabelText('URL 1'), { target: { value: 'https://chat.example/?k={key}' } });
    fireEvent.change(screen.getByLabelText('Sort 1'), { target: { value: '-1' } });
    save();
    expect(toasts.mock.lastCall).toEqual([
      'error',
      'In entry 1 of Chat links, sort must be an integer of at least 0',
    ]);
    fireEvent.change(screen.getByLabelText('Sort 1'), { target: { value: '3' } });
    save();
    expect(screen.queryByLabelText('Name 1')).toBeNull();
    expect(screen.getByRole('cell', { name: 'Next' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'https://chat.example/?k={key}' })).toBeTruthy();
  });

  it('Cancel drops an added row; Edit changes a stored one; the Name header sorts the rows', () => {
    open(
      '[{"name":"B","url":"https://b.example","show":false,"sort":1},{"name":"A","url":"https://a.example","show":true,"sort":2}]',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel editing link 3' }));
    expect(screen.queryByLabelText('Name 3')).toBeNull();
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.firstElementChild?.textContent);
    expect(names()).toEqual(['B', 'A']);
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    expect(names()).toEqual(['A', 'B']);
    fireEvent.click(screen.getByRole('button', { name: 'Edit link 1' }));
    fireEvent.change(screen.getByLabelText('Name 1'), { target: { value: 'C' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save link 1' }));
    expect(names()).toEqual(['A', 'C']);
  });

  it('shows stored links as rows and deleting the last one goes back to the built-in links', () => {
    open('[{"name":"A","url":"https://a.example","show":true,"sort":2}]');
    expect(screen.getByRole('cell', { name: 'A' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Shown' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete link 1' }));
    expect(screen.getByText('No links: the built-in chat links are used.')).toBeTruthy();
  });

  it('leaves text that is not a list to the JSON editor', () => {
    expect(parseChatLinks('{"a":1}')).toBeUndefined();
    expect(parseChatLinks('not json')).toBeUndefined();
    expect(parseChatLinks('[{"name":"x","url":"u","sort":"3"}]')?.[0]?.sort).toBe('3');
  });
});
