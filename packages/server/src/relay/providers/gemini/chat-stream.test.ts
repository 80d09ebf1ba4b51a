import { describe, expect, it } from 'vitest';
import { geminiChatStream } from './chat-stream.js';
import { framePayloads, runStream, TEST_GEMINI_KEY, testGeminiCall } from './gemini-test-call.js';

type Chunk = {
  id: string;
  object: string;
  model: string;
  choices: Array<{ index: number; delta: Record<string, unknown>; finish_reason: string | null }>;
  usage?: Record<string, unknown>;
};

const usageMetadata = (prompt: number, candidates: number, thoughts?: number) => ({
  promptTokenCount: prompt,
  candidatesTokenCount: candidates,
  ...(thoughts !== undefined ? { thoughtsTokenCount: thoughts } : {}),
});

/** Events as the fake upstream sends them: one word per chunk with the running usage. */
const wordEvents = [
  {
    candidates: [{ content: { role: 'model', parts: [{ text: 'Hello' }] }, index: 0 }],
    usageMetadata: usageMetadata(4, 1),
  },
  {
    candidates: [{ content: { role: 'model', parts: [{ text: ' there' }] }, index: 0 }],
    usageMetadata: usageMetadata(4, 2),
  },
  {
    candidates: [{ content: { role: 'model', parts: [{ text: '!' }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: usageMetadata(4, 3),
  },
];

describe('geminiChatStream', () => {
  it('turns each Gemini event into a chunk and ends with [DONE]', () => {
    const translator = geminiChatStream(testGeminiCall({ stream: true, model: 'gemini-2.0-flash' }));
    const frames = runStream(translator, wordEvents);
    for (const frame of frames) expect(frame).toMatch(/^data: .*\n\n$/s);
    const payloads = framePayloads(frames);
    expect(payloads.at(-1)).toBe('[DONE]');
    const chunks = payloads.slice(0, -1) as Chunk[];
    expect(chunks).toHaveLength(3);
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);
    expect(
      chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.model === 'gemini-2.0-flash'),
    ).toBe(true);
    expect(chunks.map((chunk) => chunk.choices[0])).toEqual([
      { index: 0, delta: { role: 'assistant', content: 'Hello' }, finish_reason: null },
      { index: 0, delta: { content: ' there' }, finish_reason: null },
      { index: 0, delta: { content: '!' }, finish_reason: 'stop' },
    ]);
    expect(translator.usage()).toEqual({ prompt_tokens: 4, completion_tokens: 3 });
    expect(translator.text()).toBe('Hello there!');
    expect(translator.failed()).toBe(false);
  });

  it('adds the gateway usage chunk before [DONE] when the client asked for include_usage', () => {
    const translator = geminiChatStream(testGeminiCall({ stream: true, includeUsage: true }));
    const payloads = framePayloads(runStream(translator, wordEvents));
    const tail = payloads.at(-2) as Chunk;
    expect(tail.choices).toEqual([]);
    expect(tail.usage).toEqual({ prompt_tokens: 4, completion_tokens: 3, total_tokens: 7 });
    expect(payloads.at(-1)).toBe('[DONE]');
  });

  it('sends thought parts as reasoning_content and bills thoughts as completion', () => {
    const translator = geminiChatStream(testGeminiCall({ stream: true }));
    const events = [
      {
        candidates: [{ content: { parts: [{ text: 'Let me think.', thought: true }] } }],
        usageMetadata: usageMetadata(5, 0, 30),
      },
      {
        candidates: [{ content: { parts: [{ text: '42' }] }, finishReason: 'STOP' }],
        usageMetadata: usageMetadata(5, 2, 30),
      },
    ];
    const chunks = framePayloads(runStream(translator, events)).slice(0, -1) as Chunk[];
    expect(chunks.map((chunk) => chunk.choices[0]?.delta)).toEqual([
      { role: 'assistant', reasoning_content: 'Let me think.', content: '' },
      { content: '42' },
    ]);
    expect(translator.usage()).toEqual({
      prompt_tokens: 5,
      completion_tokens: 32,
      extra: { reasoning_tokens: 30 },
    });
  });

  it('streams function calls as indexed tool_calls deltas with finish_reason tool_calls', () => {
    const translator = geminiChatStream(testGeminiCall({ stream: true }));
    const events = [
      {
        candidates: [{ content: { parts: [{ functionCall: { name: 'weather', args: { city: 'Oslo' } } }] } }],
      },
      {
        candidates: [
          { content: { parts: [{ functionCall: { name: 'time', args: {} } }] }, finishReason: 'STOP' },
        ],
        usageMetadata: usageMetadata(9, 6),
      },
    ];
    const chunks = framePayloads(runStream(translator, events)).slice(0, -1) as Chunk[];
    const calls = chunks.map((chunk) => chunk.choices[0]?.delta.tool_calls as Array<Record<string, unknown>>);
    expect(calls.map((list) => list.map(({ index, type, function: fn }) => ({ index, type, fn })))).toEqual([
      [{ index: 0, type: 'function', fn: { name: 'weather', arguments: '{"city":"Oslo"}' } }],
      [{ index: 1, type: 'function', fn: { name: 'time', arguments: '{}' } }],
    ]);
    expect(chunks.map((chunk) => chunk.choices[0]?.finish_reason)).toEqual([null, 'tool_calls']);
    expect(chunks[0]?.choices[0]?.delta).not.toHaveProperty('content');
  });

  it('writes a mid-stream error as one error frame with the key redacted, then no tail', () => {
    const translator = geminiChatStream(testGeminiCall({ stream: true, includeUsage: true }));
    const first = wordEvents[0];
    const frames = [
      ...translator.push({ data: JSON.stringify(first) }),
      ...translator.push({
        data: JSON.stringify({
          error: { code: 503, message: `overloaded for key=${TEST_GEMINI_KEY}`, status: 'UNAVAILABLE' },
        }),
      }),
      ...translator.push({ data: JSON.stringify(wordEvents[1]) }),
    ];
    expect(frames).toHaveLength(2);
    expect(JSON.parse((frames[1] ?? '').slice('data: '.length))).toEqual({
      error: { message: 'overloaded for key=xxxxx', type: 'gemini_error', code: 503, param: 'UNAVAILABLE' },
    });
    expect(translator.failed()).toBe(true);
    expect(translator.end(true)).toEqual([]);
    expect(translator.usage()).toEqual({ prompt_tokens: 4, completion_tokens: 1 });
    expect(translator.text()).toBe('Hello');
  });

  it('ends a broken stream without [DONE] and ignores non-JSON events', () => {
    const translator = geminiChatStream(testGeminiCall({ stream: true }));
    expect(translator.push({ data: 'keep-alive' })).toEqual([]);
    expect(translator.push({ data: JSON.stringify(wordEvents[0]) })).toHaveLength(1);
    expect(translator.end(false)).toEqual([]);
    expect(translator.failed()).toBe(false);
  });

  it('sends a usage-only event as no frame but keeps its usage', () => {
    const translator = geminiChatStream(testGeminiCall({ stream: true }));
    expect(translator.push({ data: JSON.stringify({ usageMetadata: usageMetadata(2, 8) }) })).toEqual([]);
    expect(translator.usage()).toEqual({ prompt_tokens: 2, completion_tokens: 8 });
  });
});
