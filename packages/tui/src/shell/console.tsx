import { truncateCells } from '@gw/core';
import { DEFAULT_PANEL_PATH, type MenuItem, menuTrail, navigationForRole } from '@gw/core';
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys.js';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  type ScreenFrame,
  type ScreenHost,
  ScreenHostContext,
  useSession,
  useTuiEnv,
} from '../hooks/tui-context.js';
import { errorText } from '../lib/error-text.js';
import { fitKeyHints, GLOBAL_BINDINGS, TYPING_GLOBAL_BINDINGS } from '../lib/key-bindings.js';
import { MenuScreen, type MenuState } from '../screens/menu/menu-screen.js';
import { CommandPalette, type PaletteCommand } from './command-palette.js';
import { Header } from './header.js';
import { HelpOverlay } from './help-overlay.js';
import { screenForItem } from './screen-for-item.js';

/** Header, rule, rule, footer and status line: the rows around the main pane. */
const CHROME_ROWS = 5;

type Overlay = 'palette' | 'help' | undefined;

/** The keys of the palette and the help: type, Enter, Esc. */
const OVERLAY_BINDINGS = [
  { keys: 'Enter', labelKey: 'tui.keys.run' },
  { keys: 'Esc', labelKey: 'tui.keys.close' },
];

/** The signed-in console: header, the menu or an opened screen, key hints and the status line. */
export function Console({
  onQuit,
  initialNotice,
  saveDir,
}: {
  onQuit: () => void;
  initialNotice?: string;
  saveDir?: string;
}) {
  const { t, glyphs, columns, rows } = useTuiEnv();
  const { user, status: site } = useSession();
  // Items of a site feature (the monthly bills) show while the server turns it on, as on the web.
  const invoices = site.UserInvoiceMonth === true;
  const menu = useMemo(
    () => navigationForRole(user.role, undefined, { UserInvoiceMonth: invoices }),
    [user.role, invoices],
  );
  const [opened, setOpened] = useState<MenuItem | undefined>();
  const [menuState, setMenuState] = useState<MenuState>(() => ({
    cursorId: menuTrail(DEFAULT_PANEL_PATH, menu).at(-1)?.id ?? '',
    expanded: new Set<string>(),
  }));
  const [overlay, setOverlay] = useState<Overlay>();
  const [frame, setFrame] = useState<ScreenFrame>({ bindings: [], capturing: false });
  const [status, setStatus] = useState<{ text: string; level: 'info' | 'error' }>({
    text: initialNotice ?? '',
    level: initialNotice ? 'error' : 'info',
  });
  const [quitArmed, setQuitArmed] = useState(false);
  const backHandler = useRef<(() => boolean) | undefined>(undefined);
  const height = Math.max(3, rows - CHROME_ROWS);

  const notify = useCallback(
    (text: string, level: 'info' | 'error' = 'info') => setStatus({ text, level }),
    [],
  );
  const notifyError = useCallback(
    (error: unknown) => setStatus({ text: errorText(error, t), level: 'error' }),
    [t],
  );
  const open = useCallback((item: MenuItem | undefined) => {
    setOverlay(undefined);
    setOpened(item);
    setFrame({ bindings: [], capturing: false });
    setStatus({ text: '', level: 'info' });
    if (item) setMenuState((previous) => ({ ...previous, cursorId: item.id }));
  }, []);
  const host = useMemo<ScreenHost>(
    () => ({
      publish: setFrame,
      setBackHandler: (handler) => {
        backHandler.current = handler;
      },
      active: overlay === undefined,
      height,
      notify,
      notifyError,
      leave: () => open(undefined),
    }),
    [overlay, height, notify, notifyError, open],
  );
  const runCommand = (command: PaletteCommand) => {
    if (command.kind === 'quit') return onQuit();
    open(command.kind === 'open' ? command.item : undefined);
  };

  useKeys((input, key) => {
    if (key.ctrl && input === 'c') {
      if ((frame.capturing || overlay) && !quitArmed) {
        setQuitArmed(true);
        return notify(t('tui.quit_again'));
      }
      return onQuit();
    }
    if (quitArmed) setQuitArmed(false);
    if (overlay || frame.capturing) return;
    if (input === 'q') onQuit();
    else if (input === ':') setOverlay('palette');
    else if (input === '?') setOverlay('help');
    else if (key.escape && !backHandler.current?.() && opened) open(undefined);
  });

  const view = opened ? t(opened.title) : t('tui.menu.title');
  const screen = opened ? (
    <Box key={opened.id}>{screenForItem(opened, saveDir)}</Box>
  ) : (
    <MenuScreen menu={menu} state={menuState} onState={setMenuState} onOpen={open} />
  );
  const rule = glyphs.rule.repeat(Math.max(0, columns));
  return (
    <ScreenHostContext.Provider value={host}>
      <Box flexDirection="column" width={columns}>
        <Header view={view} refresh={opened ? frame.refresh : undefined} />
        <Text dimColor>{rule}</Text>
        <Box flexDirection="column" height={height} overflow="hidden">
          {overlay === 'palette' ? (
            <CommandPalette
              menu={menu}
              onCommand={runCommand}
              onUnknown={(text) => {
                setOverlay(undefined);
                notify(t('tui.palette.unknown', { command: text }), 'error');
              }}
              onClose={() => setOverlay(undefined)}
            />
          ) : null}
          {overlay === 'help' ? (
            <HelpOverlay view={view} bindings={frame.bindings} onClose={() => setOverlay(undefined)} />
          ) : null}
          <Box display={overlay ? 'none' : 'flex'} flexDirection="column">
            {screen}
          </Box>
        </Box>
        <Text dimColor>{rule}</Text>
        <Text wrap="truncate-end">
          {glyphs.text(
            fitKeyHints(
              // An overlay hints its own keys; while a screen keeps every key, the global ones do not work,
              // but a typing screen still ends with the ones that do (Esc back, Ctrl-c quit), always shown.
              overlay
                ? OVERLAY_BINDINGS
                : frame.capturing
                  ? frame.bindings
                  : [...frame.bindings, ...GLOBAL_BINDINGS],
              t,
              columns,
              !overlay && !frame.capturing,
              !overlay && frame.capturing && frame.typing ? TYPING_GLOBAL_BINDINGS : [],
            ),
          )}
        </Text>
        <Text color={status.level === 'error' ? 'red' : 'green'}>
          {truncateCells(glyphs.text(status.text), columns, glyphs.ellipsis) || ' '}
        </Text>
      </Box>
    </ScreenHostContext.Provider>
  );
}
