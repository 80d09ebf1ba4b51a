import {
  type Channel,
  channelModels,
  checkChannelModels,
  type ModelCheckResult,
  modelCheckPassed,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { useKeys } from '../../hooks/use-keys.js';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';

const PICK_BINDINGS = [
  { keys: 'Enter', labelKey: 'tui.keys.start_check' },
  { keys: 'Space', labelKey: 'tui.keys.toggle' },
  { keys: 'a', labelKey: 'tui.keys.select_all' },
  { keys: 'j/k', labelKey: 'tui.keys.move' },
  { keys: 'Esc', labelKey: 'tui.keys.close' },
];
const RESULT_BINDINGS = [{ keys: 'Esc', labelKey: 'tui.keys.close' }];

/**
 * The model check of one channel (console-screens §1.6): pick the models (all its models at first),
 * Enter checks them on the server; each model's steps show with pass or fail and their remarks.
 */
export function ModelCheckPanel({ channel, onClose }: { channel: Channel; onClose: () => void }) {
  const { t, glyphs } = useTuiEnv();
  const { client } = useSession();
  const host = useScreenHost();
  const models = channelModels(channel);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(models));
  const [cursor, setCursor] = useState(0);
  const [phase, setPhase] = useState<'pick' | 'checking' | 'done'>('pick');
  const [results, setResults] = useState<ModelCheckResult[]>([]);
  useScreenFrame(phase === 'pick' ? PICK_BINDINGS : RESULT_BINDINGS, true);

  const start = async () => {
    if (chosen.size === 0) return host.notify(t('channels.editor.check.no_models'), 'error');
    setPhase('checking');
    try {
      const found = await checkChannelModels(client, channel.id, [...chosen]);
      setResults(found);
      const passed = found.filter(modelCheckPassed).length;
      host.notify(t('channels.editor.check.done', { passed, failed: found.length - passed }));
    } catch (error) {
      host.notifyError(error);
    }
    setPhase('done');
  };

  useKeys((input, key) => {
    if (key.escape || input === 'q') return onClose();
    if (phase !== 'pick') return;
    const model = models[cursor];
    if (input === 'j' || key.downArrow) setCursor(Math.min(cursor + 1, models.length - 1));
    else if (input === 'k' || key.upArrow) setCursor(Math.max(cursor - 1, 0));
    else if (input === 'a') setChosen(new Set(chosen.size === models.length ? [] : models));
    else if (input === ' ' && model) {
      const next = new Set(chosen);
      if (next.has(model)) next.delete(model);
      else next.add(model);
      setChosen(next);
    } else if (key.return) void start();
  }, host.active);

  const room = Math.max(1, host.height - 3);
  const title = t('channels.editor.check.title', { name: channel.name });
  if (phase === 'pick') {
    const first = Math.max(0, Math.min(cursor - Math.floor(room / 2), models.length - room));
    return (
      <Box flexDirection="column">
        <Text bold>{title}</Text>
        {models.slice(first, first + room).map((model, offset) => (
          <Text key={model} inverse={first + offset === cursor}>
            {`${chosen.has(model) ? glyphs.checked : glyphs.unchecked} ${model}`}
          </Text>
        ))}
        <Text dimColor>{t('tui.channels.check_hint', { count: chosen.size })}</Text>
      </Box>
    );
  }
  const lines = results.flatMap((result) => {
    const passed = modelCheckPassed(result);
    const steps = result.process.flatMap((process) =>
      process.results.map(
        (step) =>
          `    ${step.status === 1 ? glyphs.passed : glyphs.failed} ${process.name}: ${step.name}${step.remark ? ` (${step.remark})` : ''}`,
      ),
    );
    return [
      {
        text: `${passed ? glyphs.passed : glyphs.failed} ${result.model}  ${t(passed ? 'channels.editor.check.passed' : 'channels.editor.check.failed')}`,
        color: passed ? 'green' : 'red',
      },
      ...steps.map((text) => ({ text, color: undefined })),
    ];
  });
  return (
    <Box flexDirection="column">
      <Text bold>{title}</Text>
      {phase === 'checking' ? (
        <Text>{glyphs.text(t('tui.channels.checking', { count: chosen.size }))}</Text>
      ) : null}
      {lines.slice(0, room).map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one finished check never reorder
        <Text key={index} color={line.color} wrap="truncate-end">
          {glyphs.text(line.text)}
        </Text>
      ))}
    </Box>
  );
}
