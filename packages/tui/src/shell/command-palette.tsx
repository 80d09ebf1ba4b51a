import { findMenuItem, type MenuItem, menuLeaves } from '@gw/core';
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys.js';
import { TextInput } from '../ui/text-input.js';
import { useState } from 'react';
import { useTuiEnv } from '../hooks/tui-context.js';
import { NOTICE_ITEM } from './screen-for-item.js';

/** What a palette command asks for. */
export type PaletteCommand = { kind: 'open'; item: MenuItem } | { kind: 'quit' } | { kind: 'menu' };

const QUIT_COMMANDS = ['q', 'quit', 'q!', 'exit'];
const MENU_COMMANDS = ['menu', 'm'];

/** Screens the palette opens that are not in the menu (the notice). */
export const PALETTE_EXTRAS: readonly MenuItem[] = [NOTICE_ITEM];

/** Resolves `:tokens`, `:tk`, `:q` against the role's menu (core `findMenuItem`), or undefined. */
export function resolvePaletteCommand(text: string, menu: readonly MenuItem[]): PaletteCommand | undefined {
  const word = text.trim().replace(/^:/, '').split(/\s+/)[0]?.toLowerCase() ?? '';
  if (QUIT_COMMANDS.includes(word)) return { kind: 'quit' };
  if (MENU_COMMANDS.includes(word)) return { kind: 'menu' };
  const item = word ? findMenuItem(word, [...menu, ...PALETTE_EXTRAS]) : undefined;
  return item ? { kind: 'open', item } : undefined;
}

/** Names of the menu items whose id or alias starts with what was typed (the palette's suggestions). */
export function paletteSuggestions(text: string, menu: readonly MenuItem[]): string[] {
  const word = text.trim().replace(/^:/, '').toLowerCase();
  if (!word) return [];
  return [...menuLeaves(menu), ...PALETTE_EXTRAS]
    .filter((item) => [item.id, ...(item.aliases ?? [])].some((name) => name.startsWith(word)))
    .map((item) => [item.id, ...(item.aliases ?? [])].join('/'));
}

export interface CommandPaletteProps {
  menu: readonly MenuItem[];
  onCommand: (command: PaletteCommand) => void;
  onUnknown: (text: string) => void;
  onClose: () => void;
}

/** The `:` command line (k9s): type a menu name or alias and Enter; Esc closes. */
export function CommandPalette({ menu, onCommand, onUnknown, onClose }: CommandPaletteProps) {
  const { t } = useTuiEnv();
  const [text, setText] = useState('');
  useKeys((_input, key) => {
    if (key.escape) return onClose();
    if (!key.return) return;
    const command = resolvePaletteCommand(text, menu);
    if (command) onCommand(command);
    else onUnknown(text);
  });
  const suggestions = paletteSuggestions(text, menu);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Box>
        <Text color="cyan">:</Text>
        <TextInput value={text} onChange={setText} focus />
      </Box>
      <Text dimColor wrap="truncate-end">
        {suggestions.length > 0
          ? t('tui.palette.matches', { names: suggestions.join(', ') })
          : t('tui.palette.hint')}
      </Text>
    </Box>
  );
}
