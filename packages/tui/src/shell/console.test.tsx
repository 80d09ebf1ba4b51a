import { createToken } from '@gw/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GwServer } from '../../../../test-support/gw-server.js';
import {
  accessTokenOf,
  KEYS,
  renderTui,
  signedInClient,
  startServer,
  type TuiUnderTest,
} from '../test-support/tui-harness.js';

describe('console shell against a real gw server', () => {
  let server: GwServer;
  let rootToken: string;
  let tui: TuiUnderTest | undefined;

  beforeAll(async () => {
    server = await startServer();
    const root = await signedInClient(server.url, 'root', server.rootPassword);
    rootToken = await accessTokenOf(root);
    await createToken(root, { name: 'root-token', unlimited_quota: true });
  });
  afterAll(async () => {
    await server?.stop();
  });
  afterEach(() => {
    tui?.unmount();
    tui = undefined;
  });

  const signedIn = async (props: Parameters<typeof renderTui>[0] = { server: '' }) => {
    tui = renderTui({ accessToken: rootToken, ...props, server: server.url });
    await tui.waitForText(props.language === 'zh_CN' ? '超级管理员' : 'Super administrator');
    return tui;
  };

  it('Given the menu, when moving with j/G/g and pressing Enter on a collapse and an item, then it expands and opens', async () => {
    const screen = await signedIn();
    expect(screen.lastFrame()).toMatch(/› +Dashboard/);
    await screen.press('j', /› +Analytics/);
    await screen.press('G', /› +Async tasks/);
    await screen.press('g', /› +Dashboard/);
    for (const expected of [
      'Analytics',
      'Multi-user stats',
      'Playground',
      'System info',
      'Users',
      'Channels',
      '▸ Operation',
    ]) {
      await screen.press('j', new RegExp(`› +${expected}`));
    }
    const expanded = await screen.press(KEYS.enter, '▾ Operation');
    expect(expanded).toContain('User groups');
    expect(expanded).toContain('Model owners');
    await screen.press('j', /› +User groups/);
    // User groups is drawn by the kit from core's ScreenDef.
    const opened = await screen.press(KEYS.enter, /› +1 +default/);
    expect(opened).toMatch(/Symbol\s+Name/);
    expect(opened).not.toContain('not available in the terminal yet');
    // Esc goes back to the menu with the cursor where it was.
    await screen.press(KEYS.escape, /› +User groups/);
  });

  it('Given the command palette, when :tk is entered, then the token screen opens; an unknown command is reported', async () => {
    const screen = await signedIn();
    await screen.press(':', 'Enter a menu name');
    await screen.press('tokens', 'Matches: token/tokens/tk');
    await screen.press(KEYS.enter, 'root-token');
    await screen.press(':', 'Enter a menu name');
    await screen.press('nope', 'nope');
    await screen.press(KEYS.enter, 'Unknown command: nope');
    await screen.press(':', 'Enter a menu name');
    await screen.press('ch', 'Matches: channel/channels/ch');
    const channels = await screen.press(KEYS.enter, /ID\s+Name\s+Group\s+Tag\s+Type/);
    expect(channels).not.toContain('not available in the terminal yet');
  });

  it('Given a regular view, when ? is pressed, then help lists its bindings and filters as you type', async () => {
    const screen = await signedIn();
    await screen.press(':', 'Enter a menu name');
    await screen.press('tk', 'tk');
    await screen.press(KEYS.enter, 'root-token');
    let frame = await screen.press('?', 'Keys: Tokens');
    expect(frame).toMatch(/Ctrl-d +delete/);
    expect(frame).toMatch(/Space +mark/);
    expect(frame).toMatch(/: +command/);
    frame = await screen.press('refr', 'refr');
    await screen.waitFor((current) => !current.includes('Ctrl-d'), 'the filter to hide other keys');
    expect(screen.lastFrame()).toMatch(/r +refresh/);
    await screen.press(KEYS.escape, 'Page 1 of 1');
  });

  it('Given the console, when q is pressed, then the app quits; :q quits too', async () => {
    const screen = await signedIn();
    screen.stdin.write('q');
    await screen.waitFor(() => screen.quitCount() === 1, 'the app to quit');
    screen.unmount();
    const again = await signedIn();
    await again.press(':', 'Enter a menu name');
    await again.press('q', ':q');
    again.stdin.write(KEYS.enter);
    await again.waitFor(() => again.quitCount() === 1, 'the app to quit');
  });

  it('Given an open form, when Ctrl+C is pressed once, then it asks again; the second press quits', async () => {
    const screen = await signedIn();
    await screen.press(':', 'Enter a menu name');
    await screen.press('tk', 'tk');
    await screen.press(KEYS.enter, 'root-token');
    await screen.press('c', 'Create token');
    await screen.press(KEYS.ctrlC, 'press Ctrl+C again to quit');
    expect(screen.quitCount()).toBe(0);
    screen.stdin.write(KEYS.ctrlC);
    await screen.waitFor(() => screen.quitCount() === 1, 'the app to quit');
  });

  it('Given an 80×24 terminal and ASCII glyphs, when the token table shows, then low-priority columns drop', async () => {
    const screen = await signedIn({ server: '', viewport: { columns: 80, rows: 24 }, ascii: true });
    await screen.press(':', 'Enter a menu name');
    await screen.press('tk', 'tk');
    const frame = await screen.press(KEYS.enter, 'root-token');
    expect(frame).toMatch(/ID\s+Name\s+Group\s+Status\s+Used\s+Remaining\s+Expires/);
    expect(frame).not.toContain('Created');
    expect(frame).not.toContain('Key');
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(frame.replace(/[\x20-\x7e\n]/g, '')).toBe('');
  });

  it('Given zh_CN, when signed in, then the header and menu are in Chinese', async () => {
    const screen = await signedIn({ server: '', language: 'zh_CN' });
    await screen.waitForText('超级管理员');
    const frame = screen.lastFrame() ?? '';
    expect(frame).toContain('令牌');
    expect(frame).toContain('仪表盘');
  });
});
