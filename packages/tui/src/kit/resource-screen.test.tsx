// The generic list and form kit against a real gw server: the Users and Redemptions ScreenDefs.
import { type ApiClient, listUsers } from '@gw/core';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GwServer } from '../../../../test-support/gw-server.js';
import {
  accessTokenOf,
  createUser,
  KEYS,
  renderTui,
  signedInClient,
  startServer,
  type TuiUnderTest,
} from '../test-support/tui-harness.js';

describe('the resource kit against a real gw server', () => {
  let server: GwServer;
  let root: ApiClient;
  let rootToken: string;
  let saveDir: string;
  let tui: TuiUnderTest | undefined;

  beforeAll(async () => {
    server = await startServer();
    root = await signedInClient(server.url, 'root', server.rootPassword);
    rootToken = await accessTokenOf(root);
    for (const name of ['carol', 'dave', 'erin']) await createUser(root, name, `${name}-password`);
    saveDir = mkdtempSync(join(tmpdir(), 'gw-tui-kit-'));
  });
  afterAll(async () => {
    await server?.stop();
    if (saveDir) rmSync(saveDir, { recursive: true, force: true });
  });
  afterEach(() => {
    tui?.unmount();
    tui = undefined;
  });

  async function open(alias: string, ready: string, columns = 100): Promise<TuiUnderTest> {
    tui = renderTui({ server: server.url, accessToken: rootToken, viewport: { columns, rows: 30 }, saveDir });
    await tui.waitForText('Super administrator');
    await tui.press(':', 'Enter a menu name');
    await tui.press(alias, 'Matches:');
    await tui.press(KEYS.enter, ready);
    return tui;
  }
  const userNamed = async (name: string) =>
    (await listUsers(root, { page: 1, size: 100, keyword: name })).data.find((user) => user.username === name);

  it('Given users on the server, when the Users screen opens, then core columns fit the width and / filters live', async () => {
    const screen = await open('users', 'Page 1 of 1 (4 rows)');
    const frame = await screen.waitForText('erin');
    expect(frame).toContain('carol');
    expect(frame).not.toContain('not available in the terminal');
    await screen.press('/', '/');
    const filtered = await screen.press('da', 'Page 1 of 1 (1 rows)');
    expect(filtered).toContain('dave');
    expect(filtered).not.toContain('carol');
    await screen.press(KEYS.escape, 'Page 1 of 1 (4 rows)');
    // Narrow terminals keep the high-priority columns only.
    tui?.unmount();
    const narrow = await open('users', 'Page 1 of 1 (4 rows)', 60);
    const lines = (await narrow.waitForText('erin')).split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
  });

  it('Given the create form, when submitted empty, then the message shows by the field and goes once the field is fixed', async () => {
    const screen = await open('users', 'Page 1 of 1');
    await screen.press('c', 'Password');
    let frame = await screen.press(KEYS.enter, 'is required');
    expect(frame).toMatch(/Username\*?\s*\n.*required/);
    await screen.press('frank', 'frank');
    frame = await screen.waitFor((current) => !/Username\*?\s+frank\s*\n\s+\S.*required/.test(current), 'the username message to clear');
    await screen.press(`${KEYS.tab}${KEYS.tab}`, '› Password');
    await screen.press('frank-password', '**************');
    await screen.press(KEYS.enter, 'Page 1 of 1 (5 rows)');
    expect(await userNamed('frank')).toBeDefined();
  });

  it('Given marked rows, when a batch action runs, then the server has both disabled; a confirmed row delete removes one', async () => {
    const screen = await open('users', 'Page 1 of 1');
    await screen.press('/', '/');
    await screen.press('a', 'carol');
    await screen.press(KEYS.enter, 'carol');
    // Root is not in the filter "a" list: carol, dave (and frank) are.
    await screen.press('m', '1 marked');
    await screen.press('m', '2 marked');
    await screen.press('b', 'Actions on 2 marked rows');
    await screen.press('2', 'disabled');
    expect((await userNamed('carol'))?.status).toBe(2);
    expect((await userNamed('dave'))?.status).toBe(2);
    await screen.press('g', 'carol');
    await screen.press('a', 'Actions: carol');
    let frame = await screen.waitForText('Delete');
    const deleteLine = frame.split('\n').find((line) => line.includes('Delete')) ?? '';
    const number = deleteLine.match(/(\d)\. Delete/)?.[1] ?? '';
    frame = await screen.press(number, '[y/N]');
    expect(frame).toContain('carol');
    await screen.press('y', 'deleted');
    expect(await userNamed('carol')).toBeUndefined();
  });
});
