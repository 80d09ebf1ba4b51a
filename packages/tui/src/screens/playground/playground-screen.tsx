// The playground (console-screens §8) in the terminal: chat through one of the caller's tokens with a
// model it may call, the reply streamed in as the relay sends it. The request, the stream parsing and
// the token choice are core's (buildChatRequest, streamChatCompletion, playgroundTokens).
import {
  buildChatRequest,
  type ChatTurn,
  listRelayModels,
  listTokens,
  playgroundSchema,
  playgroundTokens,
  streamChatCompletion,
  type Token,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { useKeys } from '../../hooks/use-keys.js';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { TextInput } from '../../ui/text-input.js';

const BINDINGS = [
  { keys: 'Tab', labelKey: 'playground.token' },
  { keys: '↑/↓', labelKey: 'playground.model' },
  { keys: 'Enter', labelKey: 'playground.send' },
];

/** Chat with a chosen token and model; Tab picks the next token, ↑/↓ the model, Enter sends, Esc goes back. */
export function PlaygroundScreen() {
  const { t, glyphs, readOnly } = useTuiEnv();
  const { client, server } = useSession();
  const host = useScreenHost();
  const [tokens, setTokens] = useState<Token[]>();
  const [tokenIndex, setTokenIndex] = useState(0);
  const [models, setModels] = useState<string[]>([]);
  const [modelIndex, setModelIndex] = useState(0);
  const [message, setMessage] = useState('');
  const [history, setHistory] = useState<ChatTurn[]>([]);
  const [reply, setReply] = useState<string>();
  const notifyError = useRef(host.notifyError);
  notifyError.current = host.notifyError;
  const token = tokens?.[tokenIndex];
  const model = models[modelIndex];
  const target = token ? { baseUrl: server, key: token.key } : undefined;

  useEffect(() => {
    listTokens(client, { page: 1, size: 100 }).then(
      (page) => setTokens(playgroundTokens(page.data)),
      (error) => notifyError.current(error),
    );
  }, [client]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the models follow the chosen token only
  useEffect(() => {
    if (!target) return;
    let live = true;
    setModels([]);
    setModelIndex(0);
    listRelayModels(target).then(
      (names) => {
        if (live) setModels(names);
      },
      (error) => notifyError.current(error),
    );
    return () => {
      live = false;
    };
  }, [token?.id]);

  const send = () => {
    // --read-only changes nothing stored, and a chat spends quota and writes a log.
    if (readOnly) return;
    const parsed = playgroundSchema.safeParse({ token_id: String(token?.id ?? ''), model, message });
    if (!parsed.success || !target || reply !== undefined) return;
    const body = buildChatRequest(parsed.data, history);
    setHistory((turns) => [...turns, { role: 'user', content: parsed.data.message }]);
    setMessage('');
    setReply('');
    let text = '';
    streamChatCompletion(target, body, (event) => {
      if (event.type === 'delta') {
        text += event.content;
        setReply(text);
      }
    }).then(
      (result) => {
        setHistory((turns) => [...turns, { role: 'assistant', content: result.content }]);
        setReply(undefined);
      },
      (error) => {
        setReply(undefined);
        notifyError.current(error);
      },
    );
  };

  useScreenFrame(readOnly ? BINDINGS.filter((binding) => binding.keys !== 'Enter') : BINDINGS, 'typing');
  useKeys((_input, key) => {
    // The message box has every other key; Esc goes back to the menu (the shell's Esc waits while a screen types).
    if (key.escape) host.leave();
    else if (key.tab && tokens?.length) setTokenIndex((index) => (index + 1) % tokens.length);
    else if (key.downArrow && models.length) setModelIndex((index) => (index + 1) % models.length);
    else if (key.upArrow && models.length)
      setModelIndex((index) => (index - 1 + models.length) % models.length);
    else if (key.return) send();
  }, host.active);

  if (tokens === undefined) return <Text dimColor>{glyphs.text(t('common.loading'))}</Text>;
  if (tokens.length === 0)
    return (
      <Box paddingX={1}>
        <Text>{t('playground.no_tokens')}</Text>
      </Box>
    );
  const turns = reply === undefined ? history : [...history, { role: 'assistant' as const, content: reply }];
  const room = Math.max(1, host.height - 5);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{t('playground.title')}</Text>
      <Text wrap="truncate-end">
        {`${t('playground.token')}: ‹ ${token?.name ?? ''} ›   ${t('playground.model')}: ‹ ${model ?? t(models.length ? 'common.loading' : 'playground.no_models')} ›`}
      </Text>
      {readOnly ? <Text color="yellow">{t('tui.read_only.playground')}</Text> : null}
      {turns.length === 0 ? <Text dimColor>{t('playground.empty_chat')}</Text> : null}
      {turns.slice(-room).map((turn, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the turns of one conversation, in order
        <Text key={index} wrap="wrap">
          <Text bold color={turn.role === 'user' ? 'cyan' : 'green'}>
            {`${t(turn.role === 'user' ? 'playground.you' : 'playground.assistant')}: `}
          </Text>
          {turn.content || (reply !== undefined ? glyphs.text(t('playground.receiving')) : '')}
        </Text>
      ))}
      <Box>
        <Text color="cyan">{`${t('playground.message')}: `}</Text>
        <TextInput value={message} onChange={setMessage} focus={host.active && reply === undefined} />
      </Box>
    </Box>
  );
}
