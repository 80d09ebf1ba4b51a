// Keys that arrive in one chunk (pasted, or typed fast over SSH) must each count (issue 11).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GwServer } from '../../../../test-support/gw-server.js';
import { KEYS, renderTui, startServer, type TuiUnderTest } from '../test-support/tui-harness.js';
import { RELEASED, splitKeyBurst } from './key-burst.js';

const NO_KEY = RELEASED;

describe('splitKeyBurst', () => {
  it('Given text with a tab, a return and backspaces, then each is its own key', () => {
    const keys = splitKeyBurst('ro\tp\u007F\r', NO_KEY);
    expect(keys.map((one) => one.input)).toEqual(['r', 'o', '', 'p', '', '\r']);
    expect(
      keys.map((one) => (one.key.tab ? 'tab' : one.key.backspace ? 'bs' : one.key.return ? 'ret' : '-')),
    ).toEqual(['-', '-', 'tab', '-', 'bs', 'ret']);
  });

  it('Given one key or a control key, then it passes unchanged', () => {
    expect(splitKeyBurst('a', NO_KEY)).toEqual([{ input: 'a', key: NO_KEY }]);
    const ctrl = { ...NO_KEY, ctrl: true };
    expect(splitKeyBurst('d', ctrl)).toEqual([{ input: 'd', key: ctrl }]);
  });

  it('Given Ctrl-u and Ctrl-s inside a burst, then each keeps its Ctrl', () => {
    const keys = splitKeyBurst('\u0015ab\u0013', NO_KEY);
    expect(keys.map((one) => `${one.key.ctrl ? 'C-' : ''}${one.input}`)).toEqual(['C-u', 'a', 'b', 'C-s']);
  });

  it('Given an upper-case letter in a burst, then it carries shift as Ink reports it alone', () => {
    expect(splitKeyBurst('aG', NO_KEY)[1]?.key.shift).toBe(true);
  });
});

describe('a burst of keys in the rendered app', () => {
  let server: GwServer;
  let tui: TuiUnderTest | undefined;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  afterEach(() => {
    tui?.unmount();
    tui = undefined;
  });

  it('Given the sign-in form, when "root<Tab>password<Enter>" arrives as one chunk, then it fills both fields and signs in', async () => {
    tui = renderTui({ server: server.url });
    await tui.waitForText('Username or email');
    tui.stdin.write(`root${KEYS.tab}${server.rootPassword}${KEYS.enter}`);
    await tui.waitForText('Super administrator');
  });

  it('Given typed text, when five backspaces arrive as one chunk, then five characters go', async () => {
    tui = renderTui({ server: server.url });
    await tui.waitForText('Username or email');
    await tui.press('rootabcde', 'rootabcde');
    tui.stdin.write(KEYS.backspace.repeat(5));
    const frame = await tui.waitFor((current) => !current.includes('roota'), 'the five characters to go');
    expect(frame).toMatch(/Username or email\s+root\b/);
    tui.stdin.write(`${KEYS.tab}${server.rootPassword}xx${KEYS.backspace}${KEYS.backspace}${KEYS.enter}`);
    await tui.waitForText('Super administrator');
  });
});
