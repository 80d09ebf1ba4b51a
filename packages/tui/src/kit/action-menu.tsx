import type { ActionDef } from '@gw/core';
import { Box, Text } from 'ink';
import { useTuiEnv } from '../hooks/tui-context.js';

/** The actions offered for a row, the marked rows or the toolbar; chosen by number or j/k and Enter. */
export function ActionMenu<Row>({
  title,
  actions,
  cursor,
}: {
  title: string;
  actions: readonly ActionDef<Row>[];
  cursor: number;
}) {
  const { t, glyphs } = useTuiEnv();
  return (
    <Box flexDirection="column" borderStyle={glyphs.rule === '-' ? 'classic' : 'single'} paddingX={1}>
      <Text bold>{title}</Text>
      {actions.map((action, index) => (
        <Text
          key={action.id}
          inverse={index === cursor}
          color={action.intent === 'danger' ? 'red' : undefined}
        >
          {`${index + 1}. ${t(action.labelKey)}`}
        </Text>
      ))}
    </Box>
  );
}
