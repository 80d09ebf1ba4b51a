import { describe, expect, it } from 'vitest';
import { UpstreamFailure } from '../provider.js';
import { geminiChatReply } from './chat-reply.js';
import { billingUsageFromGemini } from './gemini-usage.js';
import { TEST_GEMINI_KEY, testGeminiCall } from './gemini-test-call.js';

type ChatCompletion = {
  id: string;
  object: string;
  model: string;
  choices: Array<{
    index: number;
    finish_reason: string;
    message: {
      role: string;
      content: string;
      reasoning_content?: string;
      tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
    };
  }>;
  usage?: Record<string, unknown>;
};

describe('geminiChatReply', () => {
  it('translates text, thoughts and usage into a chat.completion', () => {
    const reply = geminiChatReply(
      {
        candidates: [
          {
            content: {
              role: 'model',
              parts: [
                { text: 'Thinking about it. ', thought: true },
                { text: 'Paris' },
                { text: ' is the capital.' },
              ],
            },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata: {
          promptTokenCount: 12,
          candidatesTokenCount: 5,
          thoughtsTokenCount: 40,
          cachedContentTokenCount: 8,
          totalTokenCount: 57,
        },
      },
      testGeminiCall({ model: 'gemini-2.5-pro' }),
    );
    const body = reply.body as ChatCompletion;
    expect(body.object).toBe('chat.completion');
    expect(body.id).toMatch(/^chatcmpl-/);
    expect(body.model).toBe('gemini-2.5-pro');
    expect(body.choices).toEqual([
      {
        index: 0,
        finish_reason: 'stop',
        message: {
          role: 'assistant',
          content: 'Paris is the capital.',
          reasoning_content: 'Thinking about it. ',
        },
      },
    ]);
    expect(reply.usage).toEqual({
      prompt_tokens: 12,
      completion_tokens: 45,
      extra: { reasoning_tokens: 40, cached_tokens: 8 },
    });
    expect(body.usage).toEqual({
      prompt_tokens: 12,
      completion_tokens: 45,
      total_tokens: 57,
      prompt_tokens_details: { cached_tokens: 8, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 40, audio_tokens: 0 },
    });
    expect(reply.text).toBe('Thinking about it. Paris is the capital.');
  });

  it('turns function calls into tool_calls with finish_reason tool_calls', () => {
    const reply = geminiChatReply(
      {
        candidates: [
          {
            content: {
              role: 'model',
              parts: [
                { functionCall: { name: 'weather', args: { city: 'Paris' } } },
                { functionCall: { name: 'time', args: {} } },
              ],
            },
            finishReason: 'STOP',
          },
        ],
        usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 4 },
      },
      testGeminiCall(),
    );
    const choice = (reply.body as ChatCompletion).choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.content).toBe('');
    const calls = choice?.message.tool_calls ?? [];
    expect(calls.map((call) => [call.type, call.function.name, JSON.parse(call.function.arguments)])).toEqual(
      [
        ['function', 'weather', { city: 'Paris' }],
        ['function', 'time', {}],
      ],
    );
    expect(calls[0]?.id).toMatch(/^call_[0-9a-f]{32}$/);
    expect(calls[0]?.id).not.toBe(calls[1]?.id);
    expect(reply.usage).toEqual({ prompt_tokens: 3, completion_tokens: 4 });
  });

  it('maps finish reasons and keeps every candidate as a choice', () => {
    const reply = geminiChatReply(
      {
        candidates: [
          { content: { parts: [{ text: 'cut' }] }, finishReason: 'MAX_TOKENS', index: 0 },
          { content: { parts: [] }, finishReason: 'SAFETY', index: 1 },
        ],
      },
      testGeminiCall(),
    );
    const body = reply.body as ChatCompletion;
    expect(body.choices.map((choice) => [choice.index, choice.finish_reason])).toEqual([
      [0, 'length'],
      [1, 'content_filter'],
    ]);
    expect(reply.usage).toBeUndefined();
    expect(body.usage).toBeUndefined();
    expect(reply.text).toBe('cut');
  });

  it('answers a blocked prompt with one content_filter choice', () => {
    const reply = geminiChatReply(
      { promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 7 } },
      testGeminiCall(),
    );
    expect((reply.body as ChatCompletion).choices).toEqual([
      { index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'content_filter' },
    ]);
    expect(reply.usage).toEqual({ prompt_tokens: 7, completion_tokens: 0 });
  });

  it('throws an UpstreamFailure with status 400 for an error inside a 200, key redacted', () => {
    const body = { error: { code: 500, message: `bad key ${TEST_GEMINI_KEY}`, status: 'INTERNAL' } };
    let thrown: unknown;
    try {
      geminiChatReply(body, testGeminiCall());
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UpstreamFailure);
    expect((thrown as UpstreamFailure).error).toEqual({
      status: 400,
      message: 'bad key xxxxx',
      type: 'gemini_error',
      code: 500,
      param: 'INTERNAL',
    });
  });
});

describe('billingUsageFromGemini', () => {
  it('adds thoughts to the completion and reports nothing for an empty object', () => {
    expect(
      billingUsageFromGemini({ promptTokenCount: 10, candidatesTokenCount: 0, thoughtsTokenCount: 7 }),
    ).toEqual({ prompt_tokens: 10, completion_tokens: 7, extra: { reasoning_tokens: 7 } });
    expect(billingUsageFromGemini({ totalTokenCount: 3 })).toBeUndefined();
    expect(billingUsageFromGemini(undefined)).toBeUndefined();
  });

  it('ignores negative and fractional garbage', () => {
    expect(billingUsageFromGemini({ promptTokenCount: -4, candidatesTokenCount: 2.9 })).toEqual({
      prompt_tokens: 0,
      completion_tokens: 2,
    });
  });
});
