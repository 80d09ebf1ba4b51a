import {
  type Channel,
  type ChannelTestRunOutcome,
  channelsToTest,
  fitCells,
  listEveryChannel,
  testChannelsOneByOne,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { useKeys } from '../../hooks/use-keys.js';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { errorText } from '../../lib/error-text.js';

const BINDINGS = [{ keys: 'Esc', labelKey: 'tui.keys.stop_close' }];

/**
 * "Test all channels" live: the channels the server's run would test, tested one at a time, each
 * result drawn the moment it arrives (the newest at the bottom, older ones scrolling off the top).
 */
export function TestAllPanel({ onClose }: { onClose: () => void }) {
  const { t, glyphs } = useTuiEnv();
  const { client } = useSession();
  const host = useScreenHost();
  const [queue, setQueue] = useState<Channel[]>();
  const [outcomes, setOutcomes] = useState<ChannelTestRunOutcome[]>([]);
  const [done, setDone] = useState(false);
  const control = useRef({ stopped: false });
  useScreenFrame(BINDINGS, true);

  useEffect(() => {
    const run = control.current;
    (async () => {
      const channels = channelsToTest(await listEveryChannel(client));
      if (run.stopped) return;
      setQueue(channels);
      await testChannelsOneByOne(client, channels, (outcome) => setOutcomes((all) => [...all, outcome]), run);
      setDone(true);
    })().catch((error) => {
      host.notifyError(error);
      setDone(true);
    });
    return () => {
      run.stopped = true;
    };
  }, [client, host.notifyError]);

  useKeys((_input, key) => {
    if (key.escape || key.return || _input === 'q') {
      control.current.stopped = true;
      onClose();
    }
  }, host.active);

  const passed = outcomes.filter((outcome) => outcome.ok).length;
  const total = queue?.length ?? 0;
  const summary =
    queue === undefined
      ? t('tui.channels.test_listing')
      : t(done ? 'tui.channels.test_done' : 'tui.channels.test_progress', {
          tested: outcomes.length,
          total,
          passed,
          failed: outcomes.length - passed,
        });
  const room = Math.max(1, host.height - 3);
  const nameWidth = Math.min(24, Math.max(4, ...outcomes.map((outcome) => outcome.channel.name.length)));
  return (
    <Box flexDirection="column">
      <Text bold>{t('channels.actions.test_all')}</Text>
      {outcomes.slice(-room).map((outcome) => (
        <Text key={outcome.channel.id} color={outcome.ok ? 'green' : 'red'} wrap="truncate-end">
          {glyphs.text(
            `${outcome.ok ? glyphs.passed : glyphs.failed} ${String(outcome.channel.id).padStart(4)}  ${fitCells(outcome.channel.name, nameWidth, glyphs.ellipsis)}  ${
              outcome.ok
                ? t('tui.channels.seconds', {
                    time: outcome.seconds.toFixed(2),
                    model: outcome.channel.test_model,
                  })
                : errorText(outcome.error, t)
            }`,
          )}
        </Text>
      ))}
      <Text dimColor>{glyphs.text(summary)}</Text>
    </Box>
  );
}
