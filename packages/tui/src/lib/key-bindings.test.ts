import { createI18n } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { fitKeyHints, GLOBAL_BINDINGS, type KeyBinding, TYPING_GLOBAL_BINDINGS } from './key-bindings.js';

const i18n = createI18n('en_US');
const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params ?? {});
const LIST: KeyBinding[] = [
  { keys: 'Enter', labelKey: 'tui.keys.detail' },
  { keys: 'c', labelKey: 'tui.keys.create' },
  { keys: 'e', labelKey: 'tui.keys.edit' },
  { keys: '/', labelKey: 'tui.keys.filter' },
  { keys: 'x', labelKey: 'tui.keys.toggle_status' },
  { keys: 'Ctrl-d', labelKey: 'tui.keys.delete' },
  { keys: 'Space', labelKey: 'tui.keys.mark' },
  { keys: 'j/k', labelKey: 'tui.keys.move' },
  { keys: 'PgUp/PgDn', labelKey: 'tui.keys.page' },
  ...GLOBAL_BINDINGS,
];

describe('footer key hints', () => {
  it.each([80, 120])(
    'Given %i columns, then whole hints fit, the first ones first, and "more keys" ends the line',
    (width) => {
      const line = fitKeyHints(LIST, t, width);
      expect(line.length).toBeLessThanOrEqual(width);
      expect(line.startsWith('<Enter> detail  <c> create  <e> edit  </> filter')).toBe(true);
      expect(line.endsWith('<?> more keys')).toBe(true);
      // No hint is cut: every <keys> opened is followed by its whole label.
      for (const hint of line.split('  ')) expect(hint).toMatch(/^<[^>]+> \S/);
    },
  );

  it('Given room for all, then all show and nothing is added', () => {
    expect(fitKeyHints(LIST.slice(0, 2), t, 120)).toBe('<Enter> detail  <c> create');
  });

  it('Given a screen that keeps every key (no help), then no "more keys" is promised', () => {
    expect(fitKeyHints(LIST, t, 60, false)).not.toContain('<?>');
  });

  it.each([40, 80, 120])(
    'Given a typing screen at %i columns, then its own keys fit before Esc back and Ctrl-c quit, which always close the line',
    (width) => {
      const line = fitKeyHints(LIST.slice(0, 9), t, width, false, TYPING_GLOBAL_BINDINGS);
      expect(line.length).toBeLessThanOrEqual(width);
      expect(line.endsWith('<Esc> back  <Ctrl-c> quit')).toBe(true);
      // Some of the screen's own keys still show before them, in the screen's order.
      const own = line.split('  ').slice(0, -2);
      expect(own.length).toBeGreaterThan(0);
      const order = LIST.map((binding) => `<${binding.keys}>`);
      const positions = own.map((hint) => order.indexOf(hint.slice(0, hint.indexOf('>') + 1)));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(line).not.toContain('<?>');
      for (const hint of line.split('  ')) expect(hint).toMatch(/^<[^>]+> \S/);
    },
  );
});
