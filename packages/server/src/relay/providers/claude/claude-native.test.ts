import { describe, expect, it } from 'vitest';
import { UpstreamFailure } from '../provider.js';
import { claudeProvider } from './claude-provider.js';
import { testClaudeCall } from './test-support/claude-test-support.js';

const native = claudeProvider.operations['claude-messages'];
if (!native) throw new Error('claude-messages must be served');

const body = {
  model: 'claude-sonnet-4',
  max_tokens: 300,
  system: [{ type: 'text', text: 'Rules', cache_control: { type: 'ephemeral' } }],
  messages: [{ role: 'user', content: 'Hi' }],
  some_future_field: { kept: true },
};
const call = testClaudeCall(body, {
  operation: 'claude-messages',
  clientHeaders: { 'anthropic-beta': 'interleaved-thinking-2025-05-14' },
});

describe('claude native messages pass-through', () => {
  it('forwards the client body unchanged to /v1/messages with the same headers as chat', () => {
    const request = native.request(call);
    expect(request.url).toBe('https://api.anthropic.com/v1/messages');
    expect(JSON.parse(String(request.body))).toEqual(body);
    expect(request.headers).toMatchObject({
      'x-api-key': 'sk-ant-test',
      'anthropic-version': '2023-06-01',
      'anthropic-beta': 'interleaved-thinking-2025-05-14',
      'content-type': 'application/json',
    });
  });

  it('returns the reply unchanged with its usage read', () => {
    const reply = {
      id: 'msg_n',
      type: 'message',
      content: [{ type: 'text', text: 'Hello' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 7, output_tokens: 2, cache_read_input_tokens: 70 },
    };
    const translated = native.reply(reply, call);
    expect(translated.body).toBe(reply);
    expect(translated.usage).toEqual({
      prompt_tokens: 77,
      completion_tokens: 2,
      extra: { cached_read_tokens: 70 },
    });
    expect(translated.text).toBe('Hello');
    expect(() =>
      native.reply({ type: 'error', error: { type: 'api_error', message: 'boom' } }, call),
    ).toThrow(UpstreamFailure);
  });

  it('forwards stream events as event/data frames, reads usage on the side and adds nothing at the end', () => {
    const translator = native.stream?.(call);
    const events = [
      {
        event: 'message_start',
        data: '{"type":"message_start","message":{"usage":{"input_tokens":9,"output_tokens":1}}}',
      },
      { event: 'ping', data: '{"type": "ping"}' },
      {
        event: 'content_block_delta',
        data: '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Yo"}}',
      },
      {
        event: 'message_delta',
        data: '{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":3}}',
      },
      { event: 'message_stop', data: '{"type":"message_stop"}' },
    ];
    const frames = events.flatMap((item) => translator?.push(item) ?? []);
    expect(frames).toEqual(events.map((item) => `event: ${item.event}\ndata: ${item.data}\n\n`));
    expect(translator?.usage()).toEqual({ prompt_tokens: 9, completion_tokens: 3 });
    expect(translator?.text()).toBe('Yo');
    expect(translator?.end(true)).toEqual([]);
  });

  it('forwards a mid-stream error event as it came and marks the stream failed', () => {
    const translator = native.stream?.(call);
    const error = {
      event: 'error',
      data: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    };
    expect(translator?.push(error)).toEqual([`event: error\ndata: ${error.data}\n\n`]);
    expect(translator?.failed()).toBe(true);
    expect(translator?.end(false)).toEqual([]);
  });
});
