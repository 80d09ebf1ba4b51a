// Smoke journey in a real terminal: the built `gw tui` inside tmux, against a real server.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToken } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GW_BIN, type GwServer } from '../../../test-support/gw-server.js';
import { accessTokenOf, signedInClient, startServer } from './test-support/tui-harness.js';

const SOCKET = `gw-tui-smoke-${process.pid}`;
const SESSION = 'gw-tui-smoke';

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
}

function sessionAlive(): boolean {
  return spawnSync('tmux', ['-L', SOCKET, 'has-session', '-t', SESSION]).status === 0;
}

/** Polls the pane until `predicate` holds; fails with the last screen. */
async function waitForPane(predicate: (pane: string) => boolean, what: string): Promise<string> {
  // Generous: on a loaded two-core CI machine the first frame can take several seconds.
  const deadline = Date.now() + 25_000;
  for (;;) {
    const pane = sessionAlive() ? tmux('capture-pane', '-p', '-t', SESSION) : '';
    if (predicate(pane)) return pane;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; pane:\n${pane}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** Sends one key (tmux key name or literal text) and waits until the pane shows `text`. */
async function send(key: string, text: string, literal = false): Promise<string> {
  tmux('send-keys', '-t', SESSION, ...(literal ? ['-l', key] : [key]));
  return waitForPane((pane) => pane.includes(text), JSON.stringify(text));
}

describe('gw tui in a real terminal (tmux)', () => {
  let server: GwServer;
  let configDir: string;

  beforeAll(async () => {
    if (spawnSync('tmux', ['-V']).error) {
      throw new Error('tmux is not installed; install it with: apt-get install -y tmux');
    }
    server = await startServer();
    configDir = mkdtempSync(join(tmpdir(), 'gw-tui-smoke-'));
  });
  afterAll(async () => {
    if (sessionAlive()) tmux('kill-session', '-t', SESSION);
    spawnSync('tmux', ['-L', SOCKET, 'kill-server']);
    await server?.stop();
    if (configDir) rmSync(configDir, { recursive: true, force: true });
  });

  it('Given GW_SERVER and GW_TOKEN, when gw tui starts, then the menu shows, :tk opens the token table, :users the kit user list, and q quits', async () => {
    const root = await signedInClient(server.url, 'root', server.rootPassword);
    const token = await accessTokenOf(root);
    await createToken(root, { name: 'smoke-token', unlimited_quota: true });
    const env = [
      `GW_SERVER=${server.url}`,
      `GW_TOKEN=${token}`,
      `GW_CONFIG_DIR=${configDir}`,
      'LANG=en_US.UTF-8',
      'TERM=xterm-256color',
    ];
    // The Node running the tests (22+) runs gw too; the system node may be older.
    const command = `env ${env.join(' ')} ${process.execPath} ${GW_BIN} tui; echo gw-exit=$?; sleep 30`;
    tmux('new-session', '-d', '-s', SESSION, '-x', '100', '-y', '30', command);

    const menu = await waitForPane((pane) => pane.includes('Super administrator'), 'the menu');
    expect(menu).toContain('Tokens');
    expect(menu).toContain(server.url.replace('http://', ''));

    await send(':', 'Enter a menu name');
    await send('tk', 'Matches:', true);
    const table = await send('Enter', 'smoke-token');
    expect(table).toMatch(/ID\s+Name\s+Group\s+Status\s+Used\s+Remaining/);
    expect(table).toContain('Page 1 of 1 (1 rows)');

    // A screen drawn by the kit from core's ScreenDef: the users list, then its create form.
    await send('Escape', 'Async tasks');
    await send(':', 'Enter a menu name');
    await send('users', 'Matches:', true);
    const users = await send('Enter', 'Page 1 of 1 (1 rows)');
    expect(users).toMatch(/ID\s+Username\s+Group/);
    expect(users).toContain('Super administrator');
    expect(users).not.toContain('not available in the terminal');
    await send('c', 'Create user');
    // The whole form in one burst, as a paste over SSH brings it: every Tab moves to the next field.
    await send('smoker\t\tsmoker-pass', '***********', true);
    const created = await send('Enter', 'Page 1 of 1 (2 rows)');
    expect(created).toMatch(/\d+\s+smoker\s+default/);

    await send('Escape', 'Async tasks');
    const exited = await send('q', 'gw-exit=');
    expect(exited).toContain('gw-exit=0');
  }, 90_000);
});
