import type { MenuItem } from '@gw/core';
import { Box, Text } from 'ink';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { useTuiEnv } from '../../hooks/tui-context.js';

/** A menu entry the terminal does not draw yet: says it is coming (not that the web has it). */
export function ComingScreen({ item }: { item: MenuItem }) {
  const { t } = useTuiEnv();
  useScreenFrame([], false);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{t(item.title)}</Text>
      <Text>{t('tui.coming', { title: t(item.title) })}</Text>
    </Box>
  );
}
