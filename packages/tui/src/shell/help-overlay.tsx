import { displayWidth, fitCells } from '@gw/core';
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys.js';
import { TextInput } from '../ui/text-input.js';
import { useState } from 'react';
import { useTuiEnv } from '../hooks/tui-context.js';
import { filterBindings, GLOBAL_BINDINGS, type KeyBinding } from '../lib/key-bindings.js';

/** `?` help (lazygit): the active view's key bindings, then the global ones, filtered as the user types. */
export function HelpOverlay({
  view,
  bindings,
  onClose,
}: {
  view: string;
  bindings: readonly KeyBinding[];
  onClose: () => void;
}) {
  const { t, glyphs } = useTuiEnv();
  const [filter, setFilter] = useState('');
  useKeys((_input, key) => {
    if (key.escape || key.return) onClose();
  });
  const sections: [string, KeyBinding[]][] = [
    [view, filterBindings(bindings, filter, t)],
    [t('tui.help.global'), filterBindings(GLOBAL_BINDINGS, filter, t)],
  ];
  const keyWidth = Math.max(
    ...[...bindings, ...GLOBAL_BINDINGS].map((binding) => displayWidth(binding.keys)),
  );
  const empty = sections.every(([, list]) => list.length === 0);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{t('tui.help.title', { view })}</Text>
      <Box>
        <Text dimColor>{`${t('tui.help.filter')}: `}</Text>
        <TextInput value={filter} onChange={setFilter} focus />
      </Box>
      {empty ? <Text dimColor>{t('tui.help.no_match', { filter })}</Text> : null}
      {sections.map(([title, list]) =>
        list.length === 0 ? null : (
          <Box key={title} flexDirection="column">
            <Text underline>{title}</Text>
            {list.map((binding) => (
              <Text
                key={binding.keys}
              >{`  ${fitCells(binding.keys, keyWidth, glyphs.ellipsis)}  ${t(binding.labelKey)}`}</Text>
            ))}
          </Box>
        ),
      )}
    </Box>
  );
}
