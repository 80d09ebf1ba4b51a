import {
  buildChatRequest,
  type ChatRequest,
  type ChatTurn,
  type ChatUsage,
  countCallLogs,
  findCallLog,
  getPlaygroundTokenKey,
  listRelayModels,
  listTokens,
  type Log,
  type PlaygroundInput,
  playgroundTokens,
  streamChatCompletion,
  type Token,
} from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useApp } from '../../app/app-context';

/** The last call: what was sent, how the reply went, and its cost once the log is read back. */
export interface PlaygroundCall {
  request: ChatRequest;
  status: 'streaming' | 'done' | 'stopped' | 'failed';
  usage?: ChatUsage;
  requestId?: string;
  /** The consume log; undefined while it is looked for, null when it did not show up. */
  log?: Log | null;
  seconds?: number;
}

/**
 * The playground's state: the caller's tokens (the playground token made on first use), the chosen
 * token's models, the conversation, and the last call. Sending streams the reply into the last turn as
 * it arrives; after the stream the call's log is read back for its cost.
 */
export function usePlayground(tokenId: number | undefined) {
  const { client } = useApp();
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [call, setCall] = useState<PlaygroundCall | undefined>();
  const stop = useRef<AbortController | undefined>(undefined);

  const tokens = useQuery({
    queryKey: ['playground-tokens'],
    queryFn: async () => {
      await getPlaygroundTokenKey(client);
      return playgroundTokens((await listTokens(client, { page: 1, size: 100 })).data);
    },
  });
  const token: Token | undefined = tokens.data?.find((item) => item.id === tokenId) ?? tokens.data?.[0];
  const models = useQuery({
    queryKey: ['playground-models', token?.id],
    queryFn: () => listRelayModels({ baseUrl: '', key: token?.key ?? '' }),
    enabled: token !== undefined,
  });

  const send = async (input: PlaygroundInput, onFailure: (error: unknown) => void) => {
    const chosen = tokens.data?.find((item) => item.id === input.token_id);
    if (!chosen) return;
    const request = buildChatRequest(input, turns);
    const history: ChatTurn[] = [...turns, { role: 'user', content: input.message }];
    setTurns([...history, { role: 'assistant', content: '' }]);
    setCall({ request, status: 'streaming' });
    const controller = new AbortController();
    stop.current = controller;
    const logQuery = { tokenName: chosen.name, model: input.model };
    const before = await countCallLogs(client, logQuery).catch(() => undefined);
    const started = performance.now();
    let reply = '';
    let ended: PlaygroundCall['status'] = 'failed';
    try {
      const result = await streamChatCompletion(
        { baseUrl: '', key: chosen.key },
        request,
        (event) => {
          if (event.type !== 'delta' || !event.content) return;
          reply += event.content;
          setTurns([...history, { role: 'assistant', content: reply }]);
        },
        controller.signal,
      );
      ended = 'done';
      const seconds = (performance.now() - started) / 1000;
      setCall({ request, status: ended, usage: result.usage, requestId: result.requestId, seconds });
    } catch (error) {
      ended = controller.signal.aborted ? 'stopped' : 'failed';
      setCall({ request, status: ended, log: ended === 'failed' ? null : undefined });
      // A reply cut short stays in the conversation; an empty one goes.
      setTurns(reply ? [...history, { role: 'assistant', content: reply }] : history);
      if (ended === 'failed') onFailure(error);
    } finally {
      stop.current = undefined;
    }
    // A finished or stopped call is billed: its log (and cost) is read back once the batch is written.
    if (ended === 'failed') return;
    const log =
      before === undefined ? undefined : await findCallLog(client, logQuery, before).catch(() => undefined);
    setCall((current) => (current?.request === request ? { ...current, log: log ?? null } : current));
  };

  return {
    tokens,
    token,
    models,
    turns,
    call,
    send,
    stop: () => stop.current?.abort(),
    reset: () => {
      stop.current?.abort();
      setTurns([]);
      setCall(undefined);
    },
  };
}
