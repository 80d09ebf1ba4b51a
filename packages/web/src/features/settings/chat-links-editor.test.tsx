// @vitest-environment happy-dom
import { optionCards } from '@gw/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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

  it('given an added empty row, shows the rule of core until name and URL are filled', () => {
    open('');
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    expect(screen.getByText('Entry 1 of Chat links has no name')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name 1'), { target: { value: 'Next' } });
    expect(screen.getByText('Entry 1 of Chat links has no URL')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('URL 1'), { target: { value: 'https://chat.example/?k={key}' } });
    expect(screen.queryByText(/Entry 1 of Chat links/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Sort 1'), { target: { value: '-1' } });
    expect(screen.getByText('In entry 1 of Chat links, sort must be an integer of at least 0')).toBeTruthy();
  });

  it('shows stored links as rows and deleting the last one goes back to the built-in links', () => {
    open('[{"name":"A","url":"https://a.example","show":true,"sort":2}]');
    expect((screen.getByLabelText('Name 1') as HTMLInputElement).value).toBe('A');
    expect((screen.getByRole('switch', { name: 'Show in playground 1' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete link 1' }));
    expect(screen.getByText('No links: the built-in chat links are used.')).toBeTruthy();
  });

  it('leaves text that is not a list to the JSON editor', () => {
    expect(parseChatLinks('{"a":1}')).toBeUndefined();
    expect(parseChatLinks('not json')).toBeUndefined();
    expect(parseChatLinks('[{"name":"x","url":"u","sort":"3"}]')?.[0]?.sort).toBe('3');
  });
});
