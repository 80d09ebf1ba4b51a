// Journeys in a real terminal: the built `gw tui` inside tmux, against a real server and the fake upstream.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiClient, createToken, getChannel, listChannels, listUsers } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GW_BIN, type GwServer } from '../../../test-support/gw-server.js';
import { type FakeUpstream, startFakeUpstream } from './test-support/fake-upstream.js';
import { accessTokenOf, createUser, signedInClient, startServer } from './test-support/tui-harness.js';

const SOCKET = `gw-tui-smoke-${process.pid}`;
/** Set to a directory to keep every pane a step waited for, one file per session, for reading the layout. */
const PANES_DIR = process.env.GW_TUI_SMOKE_PANES;

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
}

/** One `gw tui` in its own tmux session of a given size. */
function terminal(session: string) {
  const alive = () => spawnSync('tmux', ['-L', SOCKET, 'has-session', '-t', session]).status === 0;
  const pane = () => (alive() ? tmux('capture-pane', '-p', '-t', session) : '');
  /** Polls the pane until `predicate` holds; fails with the last screen. */
  const waitFor = async (predicate: (text: string) => boolean, what: string): Promise<string> => {
    // Generous: on a loaded two-core CI machine the first frame can take several seconds.
    const deadline = Date.now() + 25_000;
    for (;;) {
      const text = pane();
      if (predicate(text)) return text;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; pane:\n${text}`);
      await new Promise((done) => setTimeout(done, 50));
    }
  };
  const expectText = async (text: string | RegExp) => {
    const shown = await waitFor(
      (current) => (typeof text === 'string' ? current.includes(text) : text.test(current)),
      String(text),
    );
    if (PANES_DIR) {
      mkdirSync(PANES_DIR, { recursive: true });
      appendFileSync(join(PANES_DIR, `${session}.txt`), `===== ${String(text)}\n${shown}\n`);
    }
    return shown;
  };
  return {
    start(columns: number, rows: number, env: string[]) {
      // The Node running the tests (22+) runs gw too; the system node may be older.
      const command = `env ${env.join(' ')} ${process.execPath} ${GW_BIN} tui; echo gw-exit=$?; sleep 30`;
      tmux('new-session', '-d', '-s', session, '-x', String(columns), '-y', String(rows), command);
    },
    pane,
    expectText,
    /** Waits for a whole frame that passes `predicate`: a pane caught mid-redraw may lack lines it will show. */
    until: waitFor,
    /** Sends a tmux key name (Enter, Escape, Tab) and waits until the pane shows `text`. */
    key: (name: string, text: string | RegExp) => {
      tmux('send-keys', '-t', session, name);
      return expectText(text);
    },
    /** Types text as it is (a paste), then waits for `text`. */
    type: (keys: string, text: string | RegExp) => {
      tmux('send-keys', '-t', session, '-l', keys);
      return expectText(text);
    },
    /**
     * Presses Tab until the form's pointer is on the field labelled `label`, one Tab at a time: each
     * waits for the pointer's label to change (choices loading and keys still arriving change the
     * pane too; counting those as a move sent a second Tab past the field).
     */
    async focus(label: string) {
      const pointer = new RegExp(`^ › ${label}\\*?(\\s|$)`, 'm');
      // The focused field's label only: its value may still be changing from keys typed before.
      const pointed = (text: string) =>
        (text.split('\n').find((line) => line.startsWith(' › ')) ?? '').slice(3).split(/\s{2,}|\*/)[0] ?? '';
      for (let step = 0; step < 40 && !pointer.test(pane()); step += 1) {
        const before = pointed(pane());
        tmux('send-keys', '-t', session, 'Tab');
        await waitFor((current) => pointed(current) !== before, 'the pointer to move');
      }
      return expectText(pointer);
    },
    /** Presses Escape until the menu shows (a list clears its filter first). */
    async toMenu() {
      const atMenu = (text: string) => /│ Menu/.test(text);
      for (let step = 0; step < 4 && !atMenu(pane()); step += 1) {
        const before = pane();
        tmux('send-keys', '-t', session, 'Escape');
        // A pane caught mid-redraw may hide the menu's header: wait a little, then look again.
        const until = Date.now() + 3000;
        while (Date.now() < until && pane() === before) await new Promise((done) => setTimeout(done, 50));
      }
      return expectText(/│ Menu/);
    },
    stop() {
      if (alive()) tmux('kill-session', '-t', session);
    },
  };
}

describe('gw tui in a real terminal (tmux)', () => {
  let server: GwServer;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let configDir: string;

  beforeAll(async () => {
    if (spawnSync('tmux', ['-V']).error) {
      throw new Error('tmux is not installed; install it with: apt-get install -y tmux');
    }
    [server, upstream] = await Promise.all([startServer(), startFakeUpstream()]);
    root = await signedInClient(server.url, 'root', server.rootPassword);
    configDir = mkdtempSync(join(tmpdir(), 'gw-tui-smoke-'));
  });
  afterAll(async () => {
    spawnSync('tmux', ['-L', SOCKET, 'kill-server']);
    await Promise.all([server?.stop(), upstream?.close()]);
    if (configDir) rmSync(configDir, { recursive: true, force: true });
  });

  const baseEnv = () => [`GW_SERVER=${server.url}`, 'LANG=en_US.UTF-8', 'TERM=xterm-256color'];

  it('Given GW_SERVER and GW_TOKEN, when gw tui starts, then the menu shows, :tk opens the token table, :users the kit user list, and q quits', async () => {
    const token = await accessTokenOf(root);
    await createToken(root, { name: 'smoke-token', unlimited_quota: true });
    const term = terminal('smoke');
    term.start(100, 30, [...baseEnv(), `GW_TOKEN=${token}`, `GW_CONFIG_DIR=${join(configDir, 'smoke')}`]);
    try {
      const menu = await term.expectText('Super administrator');
      expect(menu).toContain('Tokens');
      expect(menu).toContain(server.url.replace('http://', ''));
      await term.key(':', 'Enter a menu name');
      await term.type('tk', 'Matches:');
      const table = await term.key('Enter', 'smoke-token');
      expect(table).toMatch(/ID\s+Name\s+Group\s+Status\s+Used\s+Remaining/);
      await term.key('Escape', 'Async tasks');
      await term.key(':', 'Enter a menu name');
      await term.type('users', 'Matches:');
      const users = await term.key('Enter', 'Page 1 of 1 (1 rows)');
      expect(users).toMatch(/ID\s+Username\s+Group/);
      // Resizes redraw cleanly at the new size: wide shows more columns, narrow fewer, one frame only.
      // A redraw reaches tmux in pieces, so each size waits for a whole frame; a second header or a
      // missing one in every frame until the deadline fails with the last pane.
      const headers = (text: string) => text.split('\n').filter((line) => line.includes('│ Users')).length;
      tmux('resize-window', '-t', 'smoke', '-x', '160', '-y', '50');
      await term.until(
        (text) => /Last sign-in IP/.test(text) && headers(text) === 1 && /─{160}/.test(text),
        'one wide frame with the sign-in IP column',
      );
      tmux('resize-window', '-t', 'smoke', '-x', '80', '-y', '24');
      await term.until(
        (text) =>
          !text.includes('Last sign-in IP') &&
          /<\?> more keys\s*$/.test(text) &&
          headers(text) === 1 &&
          /^\s*›? *1 +root /m.test(text),
        'one narrow frame without the sign-in IP column',
      );
      tmux('resize-window', '-t', 'smoke', '-x', '100', '-y', '30');
      await term.expectText(/^─{100}$/m);
      await term.key('c', 'Create user');
      // The whole form in one burst, as a paste over SSH brings it: every Tab moves to the next field.
      await term.type('smoker\t\tsmoker-pass', '***********');
      expect(await term.key('Enter', 'Page 1 of 1 (2 rows)')).toMatch(/\d+\s+smoker\s+default/);
      await term.key('Escape', 'Async tasks');
      expect(await term.key('q', 'gw-exit=')).toContain('gw-exit=0');
    } finally {
      term.stop();
    }
  }, 90_000);

  // The operator's journey at the smallest usual terminal and a large one.
  it.each([
    [80, 24],
    [160, 50],
  ])(
    'Given %ix%i, when an operator signs in, adds and tests a channel, makes and redeems a code and changes a quota, then the server has it all',
    async (columns, rows) => {
      const suffix = `${columns}x${rows}`;
      await createUser(root, `j${suffix}`, 'journey-password');
      const term = terminal(`j${suffix}`);
      term.start(columns, rows, [...baseEnv(), `GW_CONFIG_DIR=${join(configDir, suffix)}`]);
      try {
        await term.expectText('Username or email');
        await term.type(`root\t${server.rootPassword}\r`, 'Super administrator');
        // A channel on the fake upstream, entered field by field.
        await term.key(':', 'Enter a menu name');
        await term.type('ch', 'Matches:');
        await term.key('Enter', /Page 1 of|No data/);
        await term.key('c', '› Type');
        // Space opens the type's choices (ink-select-input) under the field; Esc keeps OpenAI.
        const choices = await term.key('Space', 'Enter picks');
        for (const line of choices.split('\n')) expect(line.length).toBeLessThanOrEqual(columns);
        await term.key('Escape', /^(?![\s\S]*Enter picks)[\s\S]*‹ OpenAI ›/);
        await term.focus('Name');
        await term.type(`tmux-${suffix}`, `tmux-${suffix}`);
        await term.focus('Base URL');
        await term.type(upstream.url, upstream.url.slice(-5));
        await term.focus('Models');
        // The multi-value editor: typing filters, a comma adds the model, Enter ends the filter and
        // Enter again accepts.
        await term.type('gpt-4o-mini,', /\[x\] gpt-4o-mini/);
        await term.key('Enter', 'Space toggles');
        await term.key('Enter', /Models\*?\s+\(1\) gpt-4o-mini/);
        await term.focus('Key');
        await term.type('sk-fake-upstream', '****************');
        await term.focus('Test model');
        await term.type('gpt-4o-mini', /Test model\s+gpt-4o-mini/);
        await term.key('Enter', new RegExp(`› +\\d+ +tmux-${suffix}`));
        const tested = await term.key(
          't',
          new RegExp(`Channel tmux-${suffix} model gpt-4o-mini took \\d+\\.\\d\\d s`),
        );
        expect(tested).not.toContain('failed');
        const channel = (await listChannels(root, { page: 1, size: 50, name: `tmux-${suffix}` })).data[0];
        expect(channel?.base_url).toBe(upstream.url);
        expect((await getChannel(root, channel?.id ?? 0)).test_time).toBeGreaterThan(0);
        // A redemption code, shown once made, then redeemed on Top up.
        await term.toMenu();
        await term.key(':', 'Enter a menu name');
        await term.type('redemptions', 'Matches:');
        await term.key('Enter', /Page 1 of|No data/);
        await term.key('c', '› Name');
        await term.type(`code-${suffix}\t\u0015$3`, /Quota\*?\s+\$3/);
        const made = await term.key('Enter', 'y = copy all');
        const code = made.match(/^ ([0-9a-f]{32})$/m)?.[1] ?? '';
        expect(code).not.toBe('');
        await term.key('Escape', `code-${suffix}`);
        await term.toMenu();
        await term.key(':', 'Enter a menu name');
        await term.type('topup', 'Matches:');
        await term.key('Enter', 'Redemption code');
        await term.type(`${code}\r`, 'Top-up successful: $3.00 added');
        // A user's quota, changed with a remark.
        await term.toMenu();
        await term.key(':', 'Enter a menu name');
        await term.type('users', 'Matches:');
        await term.key('Enter', 'Page 1 of');
        await term.key('/', '/');
        await term.type(`j${suffix}`, new RegExp(`› +\\d+ +j${suffix}`));
        await term.key('Enter', `filter: j${suffix}`);
        const menu = await term.key('a', `Actions: j${suffix}`);
        const change = menu.match(/(\d)\. Change quota/)?.[1] ?? '';
        await term.type(change, '› Amount');
        await term.type('\u0015$1\tfrom tmux\r', 'Quota changed');
        const user = (await listUsers(root, { page: 1, size: 5, keyword: `j${suffix}` })).data[0];
        expect(user?.quota).toBe(500_000);
        // Nothing on screen runs past the terminal's width.
        for (const line of term.pane().split('\n')) expect(line.length).toBeLessThanOrEqual(columns);
        await term.toMenu();
        expect(await term.key('q', 'gw-exit=')).toContain('gw-exit=0');
      } finally {
        term.stop();
      }
    },
    120_000,
  );
});
