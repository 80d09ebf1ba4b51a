import { describe, expect, it } from 'vitest';
import { firstMessageRefusal, realtimeUpstreamTarget } from './realtime-upstream.js';
import { mergeUsage, realtimeEventUsage } from './realtime-usage.js';

const channel = { id: 1, type: 1, name: 'c', key: 'sk-up', baseUrl: '', other: '', headers: {}, plugin: {} };

describe('realtime usage events', () => {
  it('reads response.done usage with its token details into the billing usage', () => {
    const usage = realtimeEventUsage({
      type: 'response.done',
      response: {
        usage: {
          total_tokens: 30,
          input_tokens: 20,
          output_tokens: 10,
          input_token_details: { cached_tokens: 5, text_tokens: 8, audio_tokens: 12 },
          output_token_details: { text_tokens: 4, audio_tokens: 6 },
        },
      },
    });
    expect(usage).toEqual({
      prompt_tokens: 20,
      completion_tokens: 10,
      extra: {
        cached_tokens: 5,
        input_text_tokens: 8,
        input_audio_tokens: 12,
        output_text_tokens: 4,
        output_audio_tokens: 6,
      },
    });
  });

  it('reads token usage of transcriptions, and nothing from other events or duration usage', () => {
    expect(
      realtimeEventUsage({
        type: 'conversation.item.input_audio_transcription.completed',
        usage: { type: 'tokens', input_tokens: 7, output_tokens: 3 },
      }),
    ).toEqual({ prompt_tokens: 7, completion_tokens: 3 });
    expect(
      realtimeEventUsage({
        type: 'conversation.item.input_audio_transcription.completed',
        usage: { type: 'duration', seconds: 3 },
      }),
    ).toBeUndefined();
    expect(realtimeEventUsage({ type: 'response.output_text.delta', delta: 'usage' })).toBeUndefined();
    expect(
      realtimeEventUsage({ type: 'response.done', response: { usage: { input_tokens: -1 } } }),
    ).toBeUndefined();
  });

  it('merges usages kind by kind', () => {
    const one = { prompt_tokens: 2, completion_tokens: 1, extra: { input_audio_tokens: 2 } };
    const two = { prompt_tokens: 3, completion_tokens: 4, extra: { output_audio_tokens: 4 } };
    expect(mergeUsage(mergeUsage(one, two), two)).toEqual({
      prompt_tokens: 8,
      completion_tokens: 9,
      extra: { input_audio_tokens: 2, output_audio_tokens: 8 },
    });
  });
});

describe('realtime upstream', () => {
  it('builds the OpenAI and Azure URLs with their credentials', () => {
    expect(
      realtimeUpstreamTarget(channel, 'gpt-4o-realtime-preview', { 'openai-beta': 'realtime=v1' }),
    ).toEqual({
      url: 'wss://api.openai.com/v1/realtime?model=gpt-4o-realtime-preview',
      headers: { authorization: 'Bearer sk-up', 'openai-beta': 'realtime=v1' },
    });
    const azure = {
      ...channel,
      type: 3,
      baseUrl: 'https://x.openai.azure.com/',
      other: '2025-04-01-preview',
    };
    expect(realtimeUpstreamTarget(azure, 'my deployment', {})).toEqual({
      url: 'wss://x.openai.azure.com/openai/realtime?api-version=2025-04-01-preview&deployment=my%20deployment',
      headers: { 'api-key': 'sk-up' },
    });
    expect(realtimeUpstreamTarget({ ...channel, baseUrl: 'http://127.0.0.1:9' }, 'm', {}).url).toBe(
      'ws://127.0.0.1:9/v1/realtime?model=m',
    );
  });

  it('accepts a first message only when it is a JSON event other than error', () => {
    expect(firstMessageRefusal('{"type":"session.created"}')).toBeUndefined();
    expect(firstMessageRefusal('{"type":"error","error":{}}')).toMatch(/refused/);
    expect(firstMessageRefusal('not json')).toMatch(/not JSON/);
    expect(firstMessageRefusal('[1]')).toMatch(/not an event/);
  });
});
