import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GwServer } from '../../../../../test-support/gw-server.js';
import {
  accessTokenOf,
  createUser,
  KEYS,
  renderTui,
  signedInClient,
  startServer,
  type TuiUnderTest,
} from '../../test-support/tui-harness.js';

const ADMIN_ITEMS = ['Users', 'Channels', 'Analytics', 'Operation', 'Payment settings'];

describe('sign-in against a real gw server', () => {
  let server: GwServer;
  let tui: TuiUnderTest | undefined;

  beforeAll(async () => {
    server = await startServer();
    const root = await signedInClient(server.url, 'root', server.rootPassword);
    await createUser(root, 'alice', 'alice-password');
  });
  afterAll(async () => {
    await server?.stop();
  });
  afterEach(() => {
    tui?.unmount();
    tui = undefined;
  });

  /** Types username and password into the form, one field at a time, and presses Enter. */
  async function signInThroughForm(current: TuiUnderTest, username: string, password: string) {
    await current.waitForText('Username or email');
    await current.press(username, username);
    await current.press(KEYS.tab, '› Password');
    await current.press(password, '*'.repeat(password.length));
    current.stdin.write(KEYS.enter);
  }

  it('Given root credentials, when typed into the form, then the menu shows admin items and the token is saved', async () => {
    const saved: string[][] = [];
    tui = renderTui({
      server: server.url,
      saveCredentials: (url, token, username) => {
        saved.push([url, token, username]);
      },
    });
    await signInThroughForm(tui, 'root', server.rootPassword);
    const frame = await tui.waitForText('Super administrator');
    expect(frame).toContain(server.url.replace('http://', ''));
    for (const item of [...ADMIN_ITEMS, 'Tokens', 'Profile', 'Logs']) expect(frame).toContain(item);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.[0]).toBe(server.url);
    expect(saved[0]?.[1]).toMatch(/^\S{16,}$/);
    expect(saved[0]?.[2]).toBe('root');
    // Then the saved token really signs in: the server accepts it as root.
    const check = renderTui({ server: server.url, accessToken: saved[0]?.[1] });
    await check.waitForText('Super administrator');
    check.unmount();
  });

  it('Given a regular user, when signed in, then the menu has no admin items', async () => {
    tui = renderTui({ server: server.url });
    await signInThroughForm(tui, 'alice', 'alice-password');
    const frame = await tui.waitForText('General user');
    expect(frame).toContain('Tokens');
    expect(frame).toContain('Top up');
    for (const item of ADMIN_ITEMS) expect(frame).not.toContain(item);
  });

  it('Given a wrong password, when submitted, then the server message shows and the form stays', async () => {
    tui = renderTui({ server: server.url });
    await signInThroughForm(tui, 'root', 'not-the-password');
    const frame = await tui.waitForText('error:');
    expect(frame).toContain('Username or email');
    expect(frame).not.toContain('Super administrator');
  });

  it('Given an empty username, when Enter is pressed on the last field, then the validation message names the field', async () => {
    tui = renderTui({ server: server.url });
    await tui.waitForText('Username or email');
    await tui.press(KEYS.shiftTab, '› Server URL');
    await tui.press(KEYS.shiftTab, '› or access token');
    tui.stdin.write(KEYS.enter);
    await tui.waitForText('Username or email is required');
  });

  it('Given a saved access token, when started, then the form is skipped; a refused token falls back to the form', async () => {
    const alice = await signedInClient(server.url, 'alice', 'alice-password');
    const token = await accessTokenOf(alice);
    tui = renderTui({ server: server.url, accessToken: token });
    const frame = await tui.waitForText('General user');
    expect(frame).not.toContain('Password');
    tui.unmount();

    tui = renderTui({ server: server.url, accessToken: 'not-a-real-token' });
    const refused = await tui.waitForText('The saved access token was refused');
    expect(refused).toContain('Username or email');
  });

  it('Given an unreachable server, when signing in, then it says the server cannot be reached, with the cause', async () => {
    tui = renderTui({ server: 'http://127.0.0.1:9' });
    await signInThroughForm(tui, 'root', 'whatever-password');
    await tui.waitForText('Cannot reach http://127.0.0.1:9: connect ECONNREFUSED 127.0.0.1:9');
  });

  it('Given a saved token and an unreachable server (GW_SERVER=… GW_TOKEN=…), then it names the server, not the token', async () => {
    tui = renderTui({ server: 'http://127.0.0.1:9', accessToken: 'saved-token' });
    const frame = await tui.waitForText('Cannot reach http://127.0.0.1:9');
    expect(frame).not.toContain('refused; sign in again');
  });
});
