import { Box, Text } from 'ink';
import { useTuiEnv } from '../../hooks/tui-context.js';

/** Shown for the moment a screen's code loads. */
export function LoadingScreen() {
  const { t, glyphs } = useTuiEnv();
  return (
    <Box paddingX={1}>
      <Text dimColor>{glyphs.text(t('common.loading'))}</Text>
    </Box>
  );
}
