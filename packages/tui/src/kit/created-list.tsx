import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Box, Text } from 'ink';
import { useScreenHost, useTuiEnv } from '../hooks/tui-context.js';
import { useKeys } from '../hooks/use-keys.js';
import { useScreenFrame } from '../hooks/use-screen-frame.js';
import type { KeyBinding } from '../lib/key-bindings.js';

const BINDINGS: readonly KeyBinding[] = [
  { keys: 'y', labelKey: 'tui.keys.copy_all' },
  { keys: 'w', labelKey: 'tui.keys.write_file' },
  { keys: 'Esc/Enter', labelKey: 'tui.keys.close' },
];

export interface CreatedListProps {
  title: string;
  help?: string;
  /** The items, and the file they are written to (one a line). */
  file: { name: string; text: string; items: readonly string[] };
  saveDir: string;
  onClose: () => void;
}

/**
 * What a create answered that the operator must see (redemption codes, a token's key): every item on
 * screen, `y` copies them all to the clipboard (OSC 52, so it works over SSH), `w` writes them to a file.
 */
export function CreatedList({ title, help, file, saveDir, onClose }: CreatedListProps) {
  const { t, glyphs, copy } = useTuiEnv();
  const host = useScreenHost();
  const path = join(saveDir, file.name);
  useScreenFrame(BINDINGS, true);
  useKeys((input, key) => {
    if (input === 'y') {
      copy(file.items.join('\n'));
      return host.notify(t('tui.kit.copied_count', { count: file.items.length }));
    }
    if (input === 'w') {
      try {
        writeFileSync(path, file.text);
        return host.notify(t('tui.kit.written', { path }));
      } catch (error) {
        return host.notifyError(error);
      }
    }
    if (key.escape || key.return || input === 'q') onClose();
  }, host.active);
  const shown = file.items.slice(0, Math.max(1, host.height - 4));
  return (
    <Box flexDirection="column">
      <Text bold>{title}</Text>
      {help ? (
        <Text dimColor wrap="truncate-end">
          {glyphs.text(help)}
        </Text>
      ) : null}
      {shown.map((item) => (
        <Text key={item} color="green">
          {item}
        </Text>
      ))}
      {shown.length < file.items.length ? (
        <Text dimColor>{t('tui.kit.more_items', { count: file.items.length - shown.length })}</Text>
      ) : null}
      <Text dimColor wrap="truncate-end">
        {t('tui.kit.created_hint', { file: path })}
      </Text>
    </Box>
  );
}
