// Every entry of root's menu, opened in the terminal at 80×24 read-only and at 120×30: a working
// screen (no "not available", no error), nothing past the terminal's width, the footer's hints whole
// and within the width with the screen's own keys first and the console's last (on a typing screen the
// ones that still work: Esc back, Ctrl-c quit), Esc back to the menu, and under --read-only
// no key hint that changes something and the palette reachable.
import { menuLeaves, navigationForRole, updateOption } from '@gw/core';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, renderTui, type TuiUnderTest, useRootConsole } from '../test-support/tui-harness.js';

/** Key hints of actions that change something: none may show under --read-only. */
const MUTATING_HINTS = [
  '<c> create',
  '<e> edit',
  '<x>',
  '<Ctrl-d>',
  '<Space> mark',
  '<Ctrl-s>',
  '<t> test',
  '<T>',
  '<M>',
  '<Enter/Ctrl-s>',
  '<g> new access token',
  '<Enter> redeem',
  '<Enter> Send',
];

/** Screens that are a text box to type in, read-only or not. */
const TEXT_SCREENS = ['playground', 'multi_user_stats'];
/** Screens that type unless --read-only (a settings card, a redemption code). */
const EDIT_SCREENS = ['setting', 'topup'];
/** How a typing screen's footer ends: the console keys that still work while `:`, `?` and `q` are text. */
const TYPING_TAIL = '<Esc> back  <Ctrl-c> quit';

/** Waits until the frame stops changing and nothing is loading. */
async function settled(screen: TuiUnderTest, what: string): Promise<string> {
  let last = '';
  let since = Date.now();
  return screen.waitFor((frame) => {
    if (frame !== last) {
      last = frame;
      since = Date.now();
      return false;
    }
    return Date.now() - since > 400 && !/loading/i.test(frame);
  }, `${what} to settle`);
}

describe('every menu entry in the terminal', () => {
  const console_ = useRootConsole();
  let tui: TuiUnderTest | undefined;
  afterEach(() => {
    tui?.unmount();
    tui = undefined;
  });

  const ids = () =>
    menuLeaves(navigationForRole(100, undefined, { UserInvoiceMonth: true })).map((item) => item.id);

  for (const [columns, rows, readOnly] of [
    [80, 24, true],
    [120, 30, false],
  ] as const) {
    it(
      `Given ${columns}×${rows}${readOnly ? ' and --read-only' : ''}, when each menu entry opens, then it draws a working screen within the width with whole key hints`,
      async () => {
        await updateOption(console_.root, 'UserInvoiceMonth', 'true');
        const seen: string[] = [];
        // One console for the whole sweep: every entry is opened from the menu the previous one's Esc
        // went back to (a fresh console per entry signed in and drew the menu again, 90 times).
        tui = renderTui({
          server: console_.server.url,
          accessToken: console_.rootToken,
          viewport: { columns, rows },
          readOnly,
        });
        await tui.waitForText('Super administrator');
        for (const id of ids()) {
          await tui.press(':', 'Enter a menu name');
          await tui.press(id, id);
          tui.stdin.write(KEYS.enter);
          const frame = await settled(tui, id);
          const lines = frame.split('\n');
          expect(frame, id).not.toMatch(/not available in the terminal|coming to the terminal/);
          expect(frame, id).not.toMatch(/error:|Unknown command/i);
          for (const line of lines) expect(line.length, `${id}: ${line}`).toBeLessThanOrEqual(columns);
          const footer = lines.at(-2) ?? '';
          // Hints are whole `<keys> label` pairs; the screen's own keys lead, the global ones follow.
          expect(footer, id).toMatch(/^(<[^>]+> [^<]+?)(\s{2}<[^>]+> [^<]+?)*$/);
          if (readOnly)
            for (const hint of MUTATING_HINTS) expect(footer, `${id}: ${footer}`).not.toContain(hint);
          // Every footer ends with the console's keys, as they work on that screen: a typing screen with
          // Esc back and Ctrl-c quit, any other with `q` quit or, short of room, `?` for the rest.
          const typing = TEXT_SCREENS.includes(id) || (!readOnly && EDIT_SCREENS.includes(id));
          if (typing) {
            expect(footer.endsWith(TYPING_TAIL), `${id}: ${footer}`).toBe(true);
            expect(footer.indexOf('<Esc>'), `${id}: ${footer}`).toBe(footer.length - TYPING_TAIL.length);
            // …and no key of the screen's own is lost to them at 80 columns (no `?` shows the rest there).
            if (id === 'multi_user_stats') expect(footer, footer).toContain('<Ctrl-e> Export CSV');
          } else expect(footer, id).toMatch(/(<q> quit|<\?> more keys)$/);
          // Under --read-only nothing is typed, so no screen but the two that take text (a prompt, user
          // names) keeps the console's keys from working: `:` opens the palette everywhere else.
          if (readOnly && !TEXT_SCREENS.includes(id)) {
            await tui.press(':', 'Enter a menu name');
            tui.stdin.write(KEYS.escape);
            await tui.waitFor((current) => !current.includes('Enter a menu name'), 'the palette to close');
          }
          // Esc leaves every screen for the menu, the ones that take text too.
          tui.stdin.write(KEYS.escape);
          await tui.waitFor((current) => /│ Menu/.test(current), `${id}: Esc back to the menu`);
          if (process.env.GW_SWEEP_DUMP) console.log(`=== ${id} ${columns}x${rows}\n${frame}`);
          seen.push(id);
        }
        expect(seen).toHaveLength(ids().length);
      },
      ids().length * 12_000,
    );
  }
});
