// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import { renderWithApp } from '../../test-support/render-with-app';
import { CommandPalette } from './command-palette';
import { useConsoleOverlays } from './console-overlays';

afterEach(cleanup);

/** Where the palette navigated to. */
function Location() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}

async function openPalette(role: number, onClose = () => {}) {
  renderWithApp(
    <>
      <CommandPalette isOpen onClose={onClose} />
      <Location />
    </>,
    { role, path: '/panel/dashboard' },
  );
  return screen.findByRole('combobox', { name: 'Command palette' });
}

const options = () => screen.getAllByRole('option').map((option) => option.textContent ?? '');
const selected = () =>
  screen.getAllByRole('option').find((option) => option.getAttribute('aria-selected') === 'true');
const location = () => screen.getByRole('status', { name: 'location' }).textContent;

describe('command palette', () => {
  it('given root, when "us" is typed, then screens are filtered with Users ranked first', async () => {
    const input = await openPalette(100);
    expect(options().length).toBeGreaterThan(15);
    fireEvent.change(input, { target: { value: 'us' } });
    const screens = within(screen.getByRole('group', { name: 'Screens' }));
    const titles = screens.getAllByRole('option').map((option) => option.textContent ?? '');
    expect(titles[0]).toMatch(/^Users/);
    expect(titles.some((title) => title.startsWith('Multi-user stats'))).toBe(true);
    expect(titles.some((title) => title.startsWith('Tokens'))).toBe(false);
    fireEvent.change(input, { target: { value: 'qqqq' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('moves with the arrow keys (wrapping) and Enter goes to the chosen screen', async () => {
    const onClose = vi.fn();
    const input = await openPalette(100, onClose);
    fireEvent.change(input, { target: { value: 'tokens' } });
    expect(selected()?.textContent).toMatch(/^Tokens/);
    expect(input.getAttribute('aria-activedescendant')).toBe(selected()?.id);
    fireEvent.change(input, { target: { value: 'log' } });
    const count = options().length;
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(selected()?.textContent).toBe(options()[count - 1]);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()?.textContent).toBe(options()[1]);
    fireEvent.change(input, { target: { value: 'ch' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(location()).toBe('/panel/channel');
    expect(onClose).toHaveBeenCalled();
  });

  it('runs "new channel" as the channel screen opened on its form', async () => {
    const input = await openPalette(100);
    fireEvent.change(input, { target: { value: 'new channel' } });
    expect(screen.getByRole('group', { name: 'Actions' })).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(location()).toBe('/panel/channel?new=1');
  });

  it('asks before testing all channels', async () => {
    const input = await openPalette(100);
    fireEvent.change(input, { target: { value: 'test all' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toContain('Test every enabled channel now?');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(location()).toBe('/panel/dashboard');
  });

  it('gives a plain user no admin screen and no action', async () => {
    await openPalette(1);
    const all = options();
    expect(all.some((title) => title.startsWith('Tokens'))).toBe(true);
    for (const admin of ['Users', 'Channels', 'Settings', 'Analytics', 'Test all channels'])
      expect(all.some((title) => title.startsWith(admin))).toBe(false);
    expect(screen.queryByRole('group', { name: 'Actions' })).toBeNull();
  });
});

function Console() {
  const { openPalette, overlays } = useConsoleOverlays();
  return (
    <>
      <button type="button" onClick={openPalette}>
        open
      </button>
      <input aria-label="field" />
      {overlays}
    </>
  );
}

describe('console keys', () => {
  it('Ctrl+K opens the palette, even from a field; Esc closes it', async () => {
    renderWithApp(<Console />, { role: 100, path: '/panel/dashboard' });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'field' }), { key: 'k', ctrlKey: true });
    const input = await screen.findByRole('combobox', { name: 'Command palette' });
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Command palette' })).toBeNull());
  });

  it("? lists the console keys and the list screens' keys, but not while typing in a field", async () => {
    renderWithApp(<Console />, { role: 1, path: '/panel/dashboard' });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'field' }), { key: '?' });
    fireEvent.keyDown(document.body, { key: '?' });
    const list = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(list.textContent).toContain('Open the command palette');
    expect(list.textContent).toContain('Create a new record');
  });
});
