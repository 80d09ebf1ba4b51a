import { describe, expect, it } from 'vitest';
import { createPainter, shouldUseColor } from './color.js';

describe('colour decision (clig.dev)', () => {
  it('Given a terminal, When nothing is set, Then colour is on; on a pipe it is off', () => {
    expect(shouldUseColor({}, true)).toBe(true);
    expect(shouldUseColor({}, false)).toBe(false);
  });

  it('Given NO_COLOR or TERM=dumb, When on a terminal, Then colour is off', () => {
    expect(shouldUseColor({ NO_COLOR: '1' }, true)).toBe(false);
    expect(shouldUseColor({ TERM: 'dumb' }, true)).toBe(false);
  });

  it('Given FORCE_COLOR or CLICOLOR_FORCE, When piped, Then colour is forced on (FORCE_COLOR=0 is not)', () => {
    expect(shouldUseColor({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(shouldUseColor({ CLICOLOR_FORCE: '1', NO_COLOR: '1' }, false)).toBe(true);
    expect(shouldUseColor({ FORCE_COLOR: '0' }, false)).toBe(false);
  });

  it('paints with ANSI codes only when enabled', () => {
    expect(createPainter(true)('red', 'x')).toBe('\u001b[31mx\u001b[39m');
    expect(createPainter(false)('red', 'x')).toBe('x');
    expect(createPainter(true)('plain', 'x')).toBe('x');
  });
});
