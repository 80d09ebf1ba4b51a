// Keys that arrive in one chunk (pasted, or typed fast over SSH) must each count (issue 11).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GwServer } from '../../../../test-support/gw-server.js';
import { KEYS, renderTui, startServer, type TuiUnderTest } from '../test-support/tui-harness.js';
import { isDeleteKey, isTypedText, splitKeyBurst } from './key-burst.js';

describe('splitKeyBurst', () => {
  it('Given text with a tab, a return and backspaces, then each is its own key', () => {
    expect(splitKeyBurst('ro\tp\u007F\r')).toEqual(['r', 'o', '\t', 'p', '\u007F', '\r']);
  });

  it('Given one key or an escape sequence, then it passes unchanged', () => {
    expect(splitKeyBurst('a')).toEqual(['a']);
    expect(splitKeyBurst('\u001B[C')).toEqual(['\u001B[C']);
  });

  it('Given Ctrl-u and Ctrl-s inside a burst, then each stays its own control key', () => {
    expect(splitKeyBurst('\u0015ab\u0013')).toEqual(['\u0015', 'a', 'b', '\u0013']);
  });

  it('Given a pasted line feed, then it is read as Enter', () => {
    expect(splitKeyBurst('a\nb')).toEqual(['a', '\r', 'b']);
  });
});

describe('which keys a text field takes', () => {
  it('Given letters, a Ctrl key, an arrow and Backspace, then only the letters are text and only Backspace deletes', () => {
    expect(isTypedText('a')).toBe(true);
    expect(isTypedText('\u0013')).toBe(false);
    expect(isTypedText('\u001B[C')).toBe(false);
    expect(isDeleteKey('\u007F')).toBe(true);
    expect(isDeleteKey('x')).toBe(false);
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
