import { getNotice } from '@gw/core';
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { useKeys } from '../../hooks/use-keys.js';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { renderMarkdown } from './render-markdown.js';

const BINDINGS = [
  { keys: 'j/k', labelKey: 'tui.keys.scroll' },
  { keys: 'g/G', labelKey: 'tui.keys.top_bottom' },
];

/** The site notice (console-screens §0.5), its markdown drawn for the terminal with marked-terminal. */
export function NoticeScreen() {
  const { t, columns, glyphs } = useTuiEnv();
  const { client } = useSession();
  const host = useScreenHost();
  const [lines, setLines] = useState<string[]>();
  const [top, setTop] = useState(0);
  useScreenFrame(BINDINGS, false);
  useEffect(() => {
    let live = true;
    getNotice(client)
      .then((text) => (text.trim() ? renderMarkdown(text, columns - 2) : t('tui.notice.empty')))
      .then(
        (rendered) => {
          if (live) setLines(rendered.replace(/\n+$/, '').split('\n'));
        },
        (error) => host.notifyError(error),
      );
    return () => {
      live = false;
    };
  }, [client, columns, t, host.notifyError]);
  const room = Math.max(1, host.height - 1);
  const last = Math.max(0, (lines?.length ?? 0) - room);
  useKeys((input, key) => {
    if (input === 'j' || key.downArrow) setTop(Math.min(top + 1, last));
    else if (input === 'k' || key.upArrow) setTop(Math.max(top - 1, 0));
    else if (key.pageDown || input === ' ') setTop(Math.min(top + room, last));
    else if (key.pageUp) setTop(Math.max(top - room, 0));
    else if (input === 'g') setTop(0);
    else if (input === 'G') setTop(last);
  }, host.active);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{t('tui.notice.title')}</Text>
      {lines === undefined ? (
        <Text dimColor>{glyphs.text(t('common.loading'))}</Text>
      ) : (
        lines.slice(top, top + room - 1).map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one rendered text
          <Text key={index} wrap="truncate-end">
            {line || ' '}
          </Text>
        ))
      )}
    </Box>
  );
}
