import { encode as encodeCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { encode as encodeO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countChatPromptTokens } from './chat-prompt.js';
import { buildPng, toDataUrl } from './test-support/image-fixtures.js';
import { estimatePromptTokens } from './prompt-estimate.js';

const options = { approximate: false, skipImages: false, preCost: 1 };
const cl100k = (text: string) => encodeCl100k(text, { disallowedSpecial: new Set() }).length;
const o200k = (text: string) => encodeO200k(text, { disallowedSpecial: new Set() }).length;
const imagePart = { type: 'image_url', image_url: { url: toDataUrl(buildPng(100, 100), 'image/png') } };

describe('estimatePromptTokens: chat', () => {
  const messages = [{ role: 'user', content: [{ type: 'text', text: 'Describe this' }, imagePart] }];

  it('Given messages, then the §10.2 count including images', async () => {
    const chat = await countChatPromptTokens('gpt-4o', messages, options);
    expect(chat).toBe(3 + o200k('Describe this\nuser\n') + 255 + 3);
    expect(await estimatePromptTokens('chat', 'gpt-4o', { messages }, options)).toBe(chat);
  });

  it('Given tool definitions, then the tokens of JSON.stringify(tools) are added', async () => {
    const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }];
    const functions = [{ name: 'legacy_lookup', parameters: {} }];
    const base = await estimatePromptTokens('chat', 'gpt-4o', { messages }, options);
    expect(await estimatePromptTokens('chat', 'gpt-4o', { messages, tools }, options)).toBe(
      base + o200k(JSON.stringify(tools)),
    );
    expect(await estimatePromptTokens('chat', 'gpt-4o', { messages, tools, functions }, options)).toBe(
      base + o200k(JSON.stringify(tools)) + o200k(JSON.stringify(functions)),
    );
  });

  it('Given pre_cost 2, then images are skipped; given pre_cost 3, then the estimate is 0', async () => {
    expect(await estimatePromptTokens('chat', 'gpt-4o', { messages }, { ...options, preCost: 2 })).toBe(
      3 + o200k('Describe this\nuser\n') + 3,
    );
    expect(await estimatePromptTokens('chat', 'gpt-4o', { messages }, { ...options, preCost: 3 })).toBe(0);
  });
});

describe('estimatePromptTokens: responses', () => {
  it('Given a string input, then its tokens + 3', async () => {
    expect(await estimatePromptTokens('responses', 'gpt-4o', { input: 'hello world' }, options)).toBe(2 + 3);
  });

  it('Given input items, then they are counted as chat messages (input_text and input_image parts too)', async () => {
    const input = [
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'What is this?' },
          { type: 'input_image', image_url: imagePart.image_url.url },
        ],
      },
    ];
    expect(await estimatePromptTokens('responses', 'gpt-4o', { input }, options)).toBe(
      3 + o200k('What is this?\nuser\n') + 255 + 3,
    );
  });

  it('Given instructions and tool call items, then their text is counted too', async () => {
    const input = [
      { role: 'user', content: 'Weather?' },
      { type: 'function_call_output', call_id: 'c1', output: 'sunny' },
    ];
    expect(
      await estimatePromptTokens('responses', 'gpt-4o', { input, instructions: 'Be brief.' }, options),
    ).toBe(3 * 2 + o200k('Weather?\nuser\nsunny\n') + 3 + o200k('Be brief.'));
  });

  it('Given pre_cost 3, then 0', async () => {
    expect(
      await estimatePromptTokens('responses', 'gpt-4o', { input: 'hello' }, { ...options, preCost: 3 }),
    ).toBe(0);
  });
});

describe('estimatePromptTokens: completions, embeddings, moderations', () => {
  it('Given a prompt string or an array of strings, then the text tokens (array joined)', async () => {
    expect(
      await estimatePromptTokens('completions', 'gpt-3.5-turbo-instruct', { prompt: 'hello world' }, options),
    ).toBe(2);
    expect(
      await estimatePromptTokens(
        'completions',
        'gpt-3.5-turbo-instruct',
        { prompt: ['hello', ' world'] },
        options,
      ),
    ).toBe(2);
  });

  it('Given token ids, then their number', async () => {
    expect(await estimatePromptTokens('completions', 'davinci-002', { prompt: [1, 2, 3] }, options)).toBe(3);
    expect(
      await estimatePromptTokens('embeddings', 'text-embedding-3-small', { input: [[1, 2], [3]] }, options),
    ).toBe(3);
  });

  it('Given embeddings or moderations input, then the text tokens; pre_cost 3 does not apply', async () => {
    const input = 'The quick brown fox jumps over the lazy dog.';
    const noPreCost = { ...options, preCost: 3 };
    expect(await estimatePromptTokens('embeddings', 'text-embedding-3-small', { input }, noPreCost)).toBe(
      cl100k(input),
    );
    expect(
      await estimatePromptTokens('moderations', 'omni-moderation-latest', { input: [input, input] }, options),
    ).toBe(cl100k(input + input));
    const parts = [{ type: 'text', text: input }, imagePart];
    expect(
      await estimatePromptTokens('moderations', 'omni-moderation-latest', { input: parts }, options),
    ).toBe(cl100k(input));
  });

  it('Given approximate mode, then int(bytes · 0.38)', async () => {
    const approximate = { ...options, approximate: true };
    expect(
      await estimatePromptTokens('completions', 'gpt-4o', { prompt: 'x'.repeat(100) }, approximate),
    ).toBe(38);
  });

  it('Given no input, then 0', async () => {
    expect(await estimatePromptTokens('embeddings', 'text-embedding-3-small', {}, options)).toBe(0);
  });
});

describe('estimatePromptTokens: images (int(sizeRatio·1000)·n)', () => {
  const cases: [string, Record<string, unknown>, number][] = [
    ['dall-e-2', {}, 1250],
    ['dall-e-2', { size: '256x256' }, 1000],
    ['dall-e-2', { size: '512x512', n: 2 }, 2250],
    ['dall-e-3', {}, 1000],
    ['dall-e-3', { size: '1792x1024' }, 2000],
    ['dall-e-3', { quality: 'hd' }, 2000],
    ['dall-e-3', { quality: 'hd', size: '1024x1792', n: 3 }, 9000],
    ['dall-e-3', { size: '512x512', quality: 'hd' }, 1000],
    ['dall-e-2', { quality: 'hd' }, 1250],
    ['recraftv3', { style: 'vector_illustration' }, 2000],
    ['recraft20b', { style: 'realistic_image' }, 1000],
    ['flux-pro', { n: 4 }, 4000],
    ['', {}, 1250],
    ['dall-e-3', { n: 0 }, 1000],
    ['dall-e-3', { n: 'two' }, 1000],
  ];
  it.each(cases)('Given %s with %j, then %i', async (model, body, expected) => {
    expect(await estimatePromptTokens('images', model, body, options)).toBe(expected);
  });
});

describe('estimatePromptTokens: audio', () => {
  it('Given speech, then the UTF-8 byte length of input', async () => {
    expect(await estimatePromptTokens('speech', 'tts-1', { input: 'hello' }, options)).toBe(5);
    expect(await estimatePromptTokens('speech', 'tts-1', { input: '你好' }, options)).toBe(6);
    expect(await estimatePromptTokens('speech', 'tts-1', {}, options)).toBe(0);
  });

  it('Given a transcription, then 0 (billed on the returned text)', async () => {
    expect(await estimatePromptTokens('transcription', 'whisper-1', { prompt: 'hello' }, options)).toBe(0);
  });
});

describe('estimatePromptTokens: native Claude messages', () => {
  const body = {
    system: 'Be brief.',
    messages: [
      { role: 'user', content: 'Hello' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Hi' },
          { type: 'tool_use', id: 't', name: 'x', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', data: 'AAAA' } },
          { type: 'text', text: 'What?' },
        ],
      },
    ],
  };

  it('Given messages, then 4 per message + text tokens (system included) + 50 per non-text block', async () => {
    expect(await estimatePromptTokens('claude-messages', 'claude-3-5-sonnet', body, options)).toBe(
      4 * 3 + 50 * 2 + cl100k('Be brief.\nHello\nHi\nWhat?'),
    );
  });

  it('Given a system prompt as text blocks and tools, then both count as text', async () => {
    const tools = [{ name: 'get_weather', input_schema: { type: 'object' } }];
    const withBlocks = { ...body, system: [{ type: 'text', text: 'Be brief.' }], tools };
    expect(await estimatePromptTokens('claude-messages', 'claude-3-5-sonnet', withBlocks, options)).toBe(
      4 * 3 + 50 * 2 + cl100k(`Be brief.\nHello\nHi\nWhat?\n${JSON.stringify(tools)}`),
    );
  });

  it('Given pre_cost 3, then 0', async () => {
    expect(
      await estimatePromptTokens('claude-messages', 'claude-3-5-sonnet', body, { ...options, preCost: 3 }),
    ).toBe(0);
  });
});

describe('estimatePromptTokens: native Gemini generateContent', () => {
  const body = {
    systemInstruction: { parts: [{ text: 'Be brief.' }] },
    contents: [
      { role: 'user', parts: [{ text: 'Hello' }, { inline_data: { mime_type: 'image/png', data: 'AAAA' } }] },
      { role: 'model', parts: [{ text: 'Hi' }] },
      { role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: 'AAAA' } }] },
    ],
  };

  it('Given contents, then 4 per content + text tokens (system instruction included) + 200 per inline_data part', async () => {
    expect(await estimatePromptTokens('gemini-generate', 'gemini-1.5-pro', body, options)).toBe(
      4 * 3 + 200 * 2 + cl100k('Be brief.\nHello\nHi'),
    );
  });

  it('Given pre_cost 3, then 0', async () => {
    expect(
      await estimatePromptTokens('gemini-generate', 'gemini-1.5-pro', body, { ...options, preCost: 3 }),
    ).toBe(0);
  });
});
