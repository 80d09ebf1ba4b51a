import { describe, expect, it } from 'vitest';
import type { SseEvent } from '../provider.js';
import { claudeMessagesReply } from '../../test-support/fake-upstream/claude-wire.js';
import {
  claudeInputTokens,
  FAKE_COMPLETION_TOKENS,
  FAKE_REPLY_TEXT,
} from '../../test-support/fake-upstream/index.js';
import { claudeChat } from './claude-provider.js';
import { framePayloads, readSseEvents, testClaudeCall } from './test-support/claude-test-support.js';

type Chunk = {
  id: string;
  object: string;
  model: string;
  choices: Array<{ index: number; delta: Record<string, unknown>; finish_reason: string | null }>;
  usage?: Record<string, number>;
};

const event = (type: string, data: Record<string, unknown>): SseEvent => ({
  event: type,
  data: JSON.stringify({ type, ...data }),
});

function fakeStreamEvents(body: Record<string, unknown>): SseEvent[] {
  const reply = claudeMessagesReply({
    method: 'POST',
    path: '/v1/messages',
    query: {},
    headers: {},
    body: { ...body, stream: true },
    vendor: 'claude',
  });
  if (reply.kind !== 'sse') throw new Error('the fake answered without a stream');
  return readSseEvents(reply.frames.join(''));
}

describe('claude chat stream ← the fake upstream frame by frame', () => {
  const request = { model: 'claude-sonnet-4', messages: [{ role: 'user', content: 'Say hello to me' }] };

  it('translates every text delta into a chunk and ends with usage and [DONE]', () => {
    const translator = claudeChat.stream?.(testClaudeCall(request, { stream: true, includeUsage: true }));
    if (!translator) throw new Error('chat must stream');
    const frames: string[] = [];
    for (const upstream of fakeStreamEvents(request)) {
      const written = translator.push(upstream);
      for (const frame of written) expect(frame).toMatch(/^data: .*\n\n$/s);
      frames.push(...written);
    }
    const body = framePayloads(frames) as Chunk[];
    expect(body[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '' });
    const text = body.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe(FAKE_REPLY_TEXT);
    expect(new Set(body.map((chunk) => chunk.id)).size).toBe(1);
    expect(
      body.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.model === 'claude-sonnet-4'),
    ).toBe(true);
    expect(body.at(-1)?.choices[0]).toEqual({ index: 0, delta: {}, finish_reason: 'stop' });

    const usage = { prompt_tokens: claudeInputTokens(request), completion_tokens: FAKE_COMPLETION_TOKENS };
    expect(translator.usage()).toEqual(usage);
    expect(translator.text()).toBe(FAKE_REPLY_TEXT);
    expect(translator.failed()).toBe(false);

    const tail = framePayloads(translator.end(true));
    expect(tail).toHaveLength(2);
    expect((tail[0] as Chunk).choices).toEqual([]);
    expect((tail[0] as Chunk).usage).toEqual({
      ...usage,
      total_tokens: usage.prompt_tokens + usage.completion_tokens,
    });
    expect(tail[1]).toBe('[DONE]');
  });

  it('ends with [DONE] alone without include_usage, and with nothing when the stream broke', () => {
    const translator = claudeChat.stream?.(testClaudeCall(request, { stream: true }));
    for (const upstream of fakeStreamEvents(request)) translator?.push(upstream);
    expect(translator?.end(true)).toEqual(['data: [DONE]\n\n']);

    const broken = claudeChat.stream?.(testClaudeCall(request, { stream: true, includeUsage: true }));
    for (const upstream of fakeStreamEvents(request).slice(0, 3)) broken?.push(upstream);
    expect(broken?.end(false)).toEqual([]);
    // message_start's output count is a placeholder: without message_delta the pipeline counts the text.
    expect(broken?.usage()).toBeUndefined();
  });
});

describe('claude chat stream: tools, thinking, usage and errors', () => {
  const call = testClaudeCall({ messages: [] }, { stream: true });

  it('streams tool_use blocks as indexed tool_calls deltas', () => {
    const translator = claudeChat.stream?.(call);
    const upstream = [
      event('message_start', { message: { id: 'msg_t', usage: { input_tokens: 50, output_tokens: 1 } } }),
      event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
      event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Checking.' } }),
      event('content_block_stop', { index: 0 }),
      event('content_block_start', {
        index: 1,
        content_block: { type: 'tool_use', id: 'toolu_a', name: 'weather', input: {} },
      }),
      event('content_block_delta', { index: 1, delta: { type: 'input_json_delta', partial_json: '' } }),
      event('content_block_delta', {
        index: 1,
        delta: { type: 'input_json_delta', partial_json: '{"city":' },
      }),
      event('content_block_delta', {
        index: 1,
        delta: { type: 'input_json_delta', partial_json: '"Paris"}' },
      }),
      event('content_block_stop', { index: 1 }),
      event('content_block_start', {
        index: 2,
        content_block: { type: 'tool_use', id: 'toolu_b', name: 'now' },
      }),
      event('content_block_stop', { index: 2 }),
      event('message_delta', { delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 40 } }),
      event('message_stop', {}),
    ];
    const chunks = framePayloads(upstream.flatMap((item) => translator?.push(item) ?? [])) as Chunk[];
    const deltas = chunks.map((chunk) => chunk.choices[0]?.delta);
    expect(deltas).toEqual([
      { role: 'assistant', content: '' },
      { content: 'Checking.' },
      {
        tool_calls: [
          { index: 0, id: 'toolu_a', type: 'function', function: { name: 'weather', arguments: '' } },
        ],
      },
      { tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] },
      {
        tool_calls: [{ index: 1, id: 'toolu_b', type: 'function', function: { name: 'now', arguments: '' } }],
      },
      { tool_calls: [{ index: 1, function: { arguments: '{}' } }] },
      {},
    ]);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('tool_calls');
    expect(chunks[0]?.id).toBe('msg_t');
    expect(translator?.usage()).toEqual({ prompt_tokens: 50, completion_tokens: 40 });
  });

  it('sends thinking deltas as reasoning_content', () => {
    const translator = claudeChat.stream?.(call);
    const frames = [
      event('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '' } }),
      event('content_block_delta', {
        index: 0,
        delta: { type: 'thinking_delta', thinking: 'Let me think.' },
      }),
      event('content_block_delta', { index: 0, delta: { type: 'signature_delta', signature: 'abc' } }),
      event('ping', {}),
    ].flatMap((item) => translator?.push(item) ?? []);
    expect((framePayloads(frames) as Chunk[]).map((chunk) => chunk.choices[0]?.delta)).toEqual([
      { reasoning_content: 'Let me think.' },
    ]);
    expect(translator?.text()).toBe('Let me think.');
  });

  it('bills prompt = input + cache writes + cache reads from message_start and message_delta', () => {
    const translator = claudeChat.stream?.(call);
    translator?.push(
      event('message_start', {
        message: {
          usage: {
            input_tokens: 3,
            output_tokens: 1,
            cache_creation_input_tokens: 200,
            cache_read_input_tokens: 0,
          },
        },
      }),
    );
    translator?.push(
      event('message_delta', {
        delta: { stop_reason: 'end_turn' },
        usage: { output_tokens: 9, cache_read_input_tokens: 2000 },
      }),
    );
    expect(translator?.usage()).toEqual({
      prompt_tokens: 2203,
      completion_tokens: 9,
      extra: { cached_write_tokens: 200, cached_read_tokens: 2000 },
    });
  });

  it('turns a mid-stream error event into one error frame, then ends without [DONE]', () => {
    const translator = claudeChat.stream?.(
      testClaudeCall({ messages: [] }, { stream: true, includeUsage: true }),
    );
    translator?.push(event('message_start', { message: { usage: { input_tokens: 5, output_tokens: 1 } } }));
    translator?.push(event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Hel' } }));
    const frames = translator?.push(
      event('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }),
    );
    expect(frames).toEqual([
      `data: ${JSON.stringify({ error: { message: 'Overloaded', type: 'overloaded_error', code: 'overloaded_error' } })}\n\n`,
    ]);
    expect(translator?.failed()).toBe(true);
    expect(
      translator?.push(event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'lo' } })),
    ).toEqual([]);
    expect(translator?.end(true)).toEqual([]);
    expect(translator?.text()).toBe('Hel');
  });

  it('ignores data that is not JSON', () => {
    const translator = claudeChat.stream?.(call);
    expect(translator?.push({ data: 'not json' })).toEqual([]);
  });
});
