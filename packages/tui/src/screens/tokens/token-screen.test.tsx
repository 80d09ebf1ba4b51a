import { type ApiClient, createToken, listTokens, TOKEN_STATUS } from '@gw/core';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

describe('token screen against a real gw server', () => {
  let server: GwServer;
  let bob: ApiClient;
  let bobToken: string;
  let tui: TuiUnderTest | undefined;

  beforeAll(async () => {
    server = await startServer();
    const root = await signedInClient(server.url, 'root', server.rootPassword);
    await createUser(root, 'bob', 'bob-password');
    bob = await signedInClient(server.url, 'bob', 'bob-password');
    bobToken = await accessTokenOf(bob);
  });
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(async () => {
    // Each test starts from an empty token list.
    const page = await listTokens(bob, { page: 1, size: 100 });
    for (const token of page.data) await bob.send('DELETE', `/api/token/${token.id}`);
  });
  afterEach(() => {
    tui?.unmount();
    tui = undefined;
  });

  /** Signs in as bob with his access token and opens the token screen through the command palette. */
  async function openTokens(refreshSeconds = 0): Promise<TuiUnderTest> {
    tui = renderTui({ server: server.url, accessToken: bobToken, refreshSeconds });
    await tui.waitForText('General user');
    await tui.press(':', 'Enter a menu name');
    await tui.press('tk', 'Matches: token/tokens/tk');
    await tui.press(KEYS.enter, 'Page 1 of');
    return tui;
  }

  const serverTokens = async () => (await listTokens(bob, { page: 1, size: 100 })).data;

  it('Given tokens created through the API, when the screen opens, then the table lists them with core columns', async () => {
    await createToken(bob, { name: 'alpha', unlimited_quota: true });
    await createToken(bob, { name: 'beta', remain_quota: 1_000_000 });
    const screen = await openTokens();
    const frame = await screen.waitForText('beta');
    expect(frame).toMatch(/ID\s+Name\s+Group\s+Status\s+Used\s+Remaining/);
    expect(frame).toContain('alpha');
    expect(frame).toContain('Unlimited');
    expect(frame).toContain('$2.00');
    expect(frame).toContain('Page 1 of 1 (2 rows)');
    await screen.waitFor(
      (current) => /updated \d\d:\d\d:\d\d/.test(current),
      'the refresh time in the header',
    );
  });

  it('Given the create form, when filled and submitted, then the server has the token and its key shows, with where to copy it later', async () => {
    const screen = await openTokens();
    await screen.press('c', 'Create token');
    await screen.press('nightly', 'nightly');
    await screen.press(KEYS.tab, '› Unlimited quota');
    await screen.press(' ', '[ ] No');
    await screen.press(KEYS.tab, '› Quota');
    await screen.press(KEYS.backspace, '= $0.00');
    await screen.press('250000', '= $0.50');
    const frame = await screen.press(KEYS.enter, 'Created token nightly');
    expect(frame).toContain('copied from the token list');
    const [created] = await serverTokens();
    expect(created).toMatchObject({
      name: 'nightly',
      remain_quota: 250000,
      unlimited_quota: false,
      expired_time: -1,
    });
    expect(frame).toContain(`sk-${created?.key}`);
    // Any key closes the panel; the list shows the key masked.
    screen.stdin.write('x');
    const list = await screen.waitFor(
      (current) => !current.includes('Created token nightly'),
      'the key panel to close',
    );
    expect(list).toContain('nightly');
    expect(list).not.toContain(`sk-${created?.key}`);
  });

  it('Given bad form input, when submitted, then the validation message shows and nothing is created', async () => {
    const screen = await openTokens();
    await screen.press('c', 'Create token');
    let frame = await screen.press(KEYS.enter, 'Name is required');
    expect(frame).toContain('› Name');
    await screen.press('x'.repeat(31), 'x'.repeat(31));
    frame = await screen.press(KEYS.enter, 'Token name is too long (at most 30 bytes)');
    await screen.press(KEYS.tab, '› Unlimited quota');
    await screen.press('n', '[ ] No');
    await screen.press(KEYS.tab, '› Quota');
    await screen.press('-5', '0-5');
    frame = await screen.press(KEYS.enter, 'Quota must be a whole number');
    expect(await serverTokens()).toEqual([]);
    await screen.press(KEYS.escape, 'No data');
  });

  it('Given an enabled token, when x is pressed, then the server reports it disabled; e enables it again', async () => {
    await createToken(bob, { name: 'switch-me', unlimited_quota: true });
    const screen = await openTokens();
    await screen.waitForText('switch-me');
    await screen.press('x', 'Token disabled');
    await screen.waitForText('Disabled');
    expect((await serverTokens())[0]?.status).toBe(TOKEN_STATUS.disabled);
    await screen.press('e', 'Token enabled');
    expect((await serverTokens())[0]?.status).toBe(TOKEN_STATUS.enabled);
    await screen.press(' ', 'Token disabled');
    expect((await serverTokens())[0]?.status).toBe(TOKEN_STATUS.disabled);
  });

  it('Given an exhausted token, when e is pressed, then the server refusal shows on the status line', async () => {
    const spent = await createToken(bob, { name: 'spent', remain_quota: 0 });
    // Only the relay exhausts a token; arrange it in the server's own SQLite file.
    const db = new DatabaseSync(join(server.dataDir, 'gw.db'));
    db.prepare('UPDATE tokens SET status = ? WHERE id = ?').run(TOKEN_STATUS.exhausted, spent.id);
    db.close();
    const screen = await openTokens();
    await screen.waitForText('Exhausted');
    await screen.press('e', 'error: The token has no quota left');
    expect((await serverTokens())[0]?.status).toBe(TOKEN_STATUS.exhausted);
  });

  it('Given a token, when Ctrl-d is confirmed with y, then it is gone from the server; any other key keeps it', async () => {
    await createToken(bob, { name: 'keep-me', unlimited_quota: true });
    await createToken(bob, { name: 'drop-me', unlimited_quota: true });
    const screen = await openTokens();
    await screen.waitForText('keep-me');
    await screen.press(KEYS.ctrlD, 'Delete token drop-me? [y/N]');
    await screen.press('n', 'Page 1 of 1 (2 rows)');
    expect(await serverTokens()).toHaveLength(2);
    await screen.press('D', 'Delete token drop-me? [y/N]');
    await screen.press('y', 'Token deleted');
    await screen.waitForText('Page 1 of 1 (1 rows)');
    expect((await serverTokens()).map((token) => token.name)).toEqual(['keep-me']);
  });

  it('Given more tokens than a page, when filtering and paging, then the server keyword and pages apply', async () => {
    for (let index = 1; index <= 12; index += 1)
      await createToken(bob, { name: `batch-${index}`, unlimited_quota: true });
    await createToken(bob, { name: 'other', unlimited_quota: true });
    const screen = await openTokens();
    await screen.waitForText('Page 1 of 2 (13 rows)');
    let frame = await screen.press(KEYS.pageDown, 'Page 2 of 2');
    expect(frame).toContain('batch-1 ');
    frame = await screen.press('[', 'Page 1 of 2');
    await screen.press('/', 'Filter by name');
    await screen.press('oth', '/oth');
    frame = await screen.press(KEYS.enter, 'Page 1 of 1 (1 rows)');
    expect(frame).toContain('filter: oth');
    expect(frame).not.toContain('batch-');
    await screen.press(KEYS.escape, 'Page 1 of 2 (13 rows)');
  });

  it('Given live refresh, when a token is created elsewhere, then it appears by itself; p pauses and r still reloads', async () => {
    const screen = await openTokens(1);
    await screen.waitForText('No data');
    await createToken(bob, { name: 'arrived-live', unlimited_quota: true });
    await screen.waitForText('arrived-live');
    await screen.press('p', '(paused)');
    await createToken(bob, { name: 'arrived-later', unlimited_quota: true });
    await screen.press('r', 'arrived-later');
    screen.stdin.write('p');
    await screen.waitFor((frame) => !frame.includes('(paused)'), 'live refresh to resume');
    await screen.press('?', /p +pause\/resume live refresh/);
  });

  it('Given a selected token, when Enter is pressed, then the detail view shows its fields; Esc returns to the list', async () => {
    await createToken(bob, { name: 'inspect', remain_quota: 500000 });
    const screen = await openTokens();
    await screen.waitForText('inspect');
    const frame = await screen.press(KEYS.enter, 'Token inspect');
    expect(frame).toContain('IP whitelist');
    expect(frame).toMatch(/Key\s+sk-…\S{4}/);
    await screen.press(KEYS.escape, 'Page 1 of 1');
    // A second Esc leaves the screen for the menu.
    await screen.press(KEYS.escape, 'Top up');
  });
});
