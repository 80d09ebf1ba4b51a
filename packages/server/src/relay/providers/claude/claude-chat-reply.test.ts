import { describe, expect, it } from 'vitest';
import { UpstreamFailure } from '../provider.js';
import { claudeChat } from './claude-provider.js';
import { testClaudeCall } from './test-support/claude-test-support.js';

const call = testClaudeCall({ messages: [{ role: 'user', content: 'Hi' }] });

describe('claude chat reply → chat.completion', () => {
  it('translates text, the stop reason and usage with cache tokens', () => {
    const reply = claudeChat.reply(
      {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        content: [
          { type: 'text', text: 'Hello ' },
          { type: 'text', text: 'there' },
        ],
        stop_reason: 'end_turn',
        usage: {
          input_tokens: 10,
          output_tokens: 4,
          cache_creation_input_tokens: 100,
          cache_read_input_tokens: 1000,
        },
      },
      call,
    );
    expect(reply.body).toMatchObject({
      id: 'msg_1',
      object: 'chat.completion',
      model: 'claude-sonnet-4',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello there' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1110, completion_tokens: 4, total_tokens: 1114 },
    });
    expect(typeof (reply.body as { created: unknown }).created).toBe('number');
    expect(reply.usage).toEqual({
      prompt_tokens: 1110,
      completion_tokens: 4,
      extra: { cached_write_tokens: 100, cached_read_tokens: 1000 },
    });
    expect(reply.text).toBe('Hello there');
  });

  it('translates tool_use blocks into tool_calls and thinking into reasoning_content', () => {
    const reply = claudeChat.reply(
      {
        id: 'msg_2',
        content: [
          { type: 'thinking', thinking: 'Need the weather.', signature: 'sig' },
          { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_2', name: 'time', input: {} },
        ],
        stop_reason: 'tool_use',
        usage: { input_tokens: 20, output_tokens: 30 },
      },
      call,
    );
    const choice = (reply.body as { choices: Array<Record<string, unknown>> }).choices[0];
    expect(choice).toEqual({
      index: 0,
      finish_reason: 'tool_calls',
      message: {
        role: 'assistant',
        content: null,
        reasoning_content: 'Need the weather.',
        tool_calls: [
          { id: 'toolu_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
          { id: 'toolu_2', type: 'function', function: { name: 'time', arguments: '{}' } },
        ],
      },
    });
    expect(reply.usage).toEqual({ prompt_tokens: 20, completion_tokens: 30 });
  });

  it.each([
    ['stop_sequence', 'stop'],
    ['max_tokens', 'length'],
    ['tool_use', 'tool_calls'],
    ['refusal', 'content_filter'],
  ])('maps stop_reason %s to %s', (stopReason, finish) => {
    const reply = claudeChat.reply(
      {
        content: [{ type: 'text', text: 'x' }],
        stop_reason: stopReason,
        usage: { input_tokens: 1, output_tokens: 1 },
      },
      call,
    );
    expect((reply.body as { choices: Array<{ finish_reason: string }> }).choices[0]?.finish_reason).toBe(
      finish,
    );
  });

  it('reports no billing usage when input or output is 0, so the pipeline counts locally (§10.4)', () => {
    const reply = claudeChat.reply(
      {
        content: [{ type: 'text', text: 'Hi' }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 12, output_tokens: 0 },
      },
      call,
    );
    expect(reply.usage).toBeUndefined();
    expect(reply.text).toBe('Hi');
  });

  it('throws a 400 UpstreamFailure for an error inside a 200 reply', () => {
    const body = { type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens too large' } };
    expect(() => claudeChat.reply(body, call)).toThrow(UpstreamFailure);
    try {
      claudeChat.reply(body, call);
    } catch (error) {
      expect((error as UpstreamFailure).error).toMatchObject({
        status: 400,
        message: 'max_tokens too large',
        type: 'invalid_request_error',
      });
    }
  });
});
