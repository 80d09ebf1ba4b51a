import { Box, Text } from 'ink';
import { useTuiEnv } from '../hooks/tui-context.js';
import { entryDanger, entryLabelKey, type ScreenEntry } from './screen-entries.js';

/** The actions offered for a row, the marked rows or the whole list; chosen by number or j/k and Enter. */
export function ActionMenu<Row>({
  title,
  entries,
  cursor,
}: {
  title: string;
  entries: readonly ScreenEntry<Row>[];
  cursor: number;
}) {
  const { t, glyphs } = useTuiEnv();
  return (
    <Box
      flexDirection="column"
      alignSelf="flex-start"
      borderStyle={glyphs.rule === '-' ? 'classic' : 'single'}
      paddingX={1}
    >
      <Text bold>{title}</Text>
      {entries.map((entry, index) => (
        <Text
          key={entry.kind === 'action' ? entry.action.id : entry.extra.id}
          inverse={index === cursor}
          color={entryDanger(entry) ? 'red' : undefined}
        >
          {`${index + 1}. ${t(entryLabelKey(entry))}`}
        </Text>
      ))}
    </Box>
  );
}
