import { describe, expect, it } from 'vitest';
import { mediaPart, mimeTypeFromUrl } from './chat-media.js';
import { cleanSchema, geminiChatBody } from './chat-request.js';

const settings = { claudeDefaultMaxTokens: {}, claudeBudgetTokensPercentage: 0.8, geminiOpenThink: {} };

describe('geminiChatBody messages', () => {
  it('moves system and developer messages into systemInstruction and maps assistant to model', () => {
    const body = geminiChatBody(
      {
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'developer', content: [{ type: 'text', text: 'Answer in English.' }] },
          { role: 'user', content: 'Hello' },
          { role: 'assistant', content: 'Hi!' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'How' },
              { type: 'text', text: ' are you?' },
            ],
          },
        ],
      },
      'gemini-2.5-flash',
      settings,
    );
    expect(body.systemInstruction).toEqual({
      parts: [{ text: 'Be brief.' }, { text: 'Answer in English.' }],
    });
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Hello' }] },
      { role: 'model', parts: [{ text: 'Hi!' }] },
      { role: 'user', parts: [{ text: 'How' }, { text: ' are you?' }] },
    ]);
    expect(body.generationConfig).toBeUndefined();
    expect(body.tools).toBeUndefined();
  });

  it('merges consecutive turns of one role so Gemini sees alternating roles', () => {
    const body = geminiChatBody(
      {
        messages: [
          { role: 'user', content: 'one' },
          { role: 'user', content: 'two' },
        ],
      },
      'm',
      settings,
    );
    expect(body.contents).toEqual([{ role: 'user', parts: [{ text: 'one' }, { text: 'two' }] }]);
  });

  it('turns assistant tool calls into functionCall parts and tool results into functionResponse parts', () => {
    const body = geminiChatBody(
      {
        messages: [
          { role: 'user', content: 'Weather in Paris and Rome?' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'weather', arguments: '{"city":"Paris"}' },
              },
              {
                id: 'call_2',
                type: 'function',
                function: { name: 'forecast', arguments: '{"city":"Rome"}' },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'call_1', content: '{"celsius":21}' },
          { role: 'tool', tool_call_id: 'call_2', content: 'sunny' },
        ],
      },
      'm',
      settings,
    );
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Paris and Rome?' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'weather', args: { city: 'Paris' } } },
          { functionCall: { name: 'forecast', args: { city: 'Rome' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'weather', response: { celsius: 21 } } },
          { functionResponse: { name: 'forecast', response: { content: 'sunny' } } },
        ],
      },
    ]);
  });

  it('turns images into inline_data (data: URL) and fileData (http URL, MIME from the extension)', () => {
    const body = geminiChatBody(
      {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Compare' },
              { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
              { type: 'image_url', image_url: { url: 'https://example.com/cat.webp?size=large' } },
              { type: 'image_url', image_url: 'http://example.com/photo' },
              { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'mp3' } },
            ],
          },
        ],
      },
      'm',
      settings,
    );
    expect(body.contents[0]?.parts).toEqual([
      { text: 'Compare' },
      { inline_data: { mime_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { fileData: { mimeType: 'image/webp', fileUri: 'https://example.com/cat.webp?size=large' } },
      { fileData: { mimeType: 'image/jpeg', fileUri: 'http://example.com/photo' } },
      { inline_data: { mime_type: 'audio/mp3', data: 'UklGRg==' } },
    ]);
  });
});

describe('geminiChatBody tools', () => {
  it('declares functions with cleaned schemas, maps built-in tools and tool_choice', () => {
    const body = geminiChatBody(
      {
        messages: [{ role: 'user', content: 'x' }],
        tools: [
          {
            type: 'function',
            function: {
              name: 'weather',
              description: 'Current weather',
              parameters: {
                $schema: 'http://json-schema.org/draft-07/schema#',
                type: 'object',
                additionalProperties: false,
                properties: {
                  city: { type: 'string' },
                  when: { type: 'object', additionalProperties: false },
                },
                required: ['city'],
              },
            },
          },
          { type: 'function', function: { name: 'now', parameters: { type: 'object', properties: {} } } },
          { type: 'function', function: { name: 'googleSearch' } },
        ],
        tool_choice: { type: 'function', function: { name: 'weather' } },
      },
      'm',
      settings,
    );
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'weather',
            description: 'Current weather',
            parameters: {
              type: 'object',
              properties: { city: { type: 'string' }, when: { type: 'object' } },
              required: ['city'],
            },
          },
          { name: 'now' },
        ],
      },
      { googleSearch: {} },
    ]);
    expect(body.toolConfig).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['weather'] },
    });
  });

  it('maps the string tool_choice values', () => {
    const tools = [{ type: 'function', function: { name: 'f' } }];
    const mode = (tool_choice: string) =>
      geminiChatBody({ messages: [], tools, tool_choice }, 'm', settings).toolConfig?.functionCallingConfig
        .mode;
    expect([mode('none'), mode('auto'), mode('required')]).toEqual(['NONE', 'AUTO', 'ANY']);
  });

  it('keeps properties whose names look like keywords', () => {
    expect(
      cleanSchema({
        type: 'object',
        properties: { additionalProperties: { type: 'boolean', $schema: 'x' }, strict: { type: 'boolean' } },
      }),
    ).toEqual({
      type: 'object',
      properties: { additionalProperties: { type: 'boolean' }, strict: { type: 'boolean' } },
    });
  });

  it('keeps arrays while cleaning schemas', () => {
    expect(cleanSchema({ anyOf: [{ type: 'string', $id: 'x' }, { type: 'null' }] })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'null' }],
    });
  });
});

describe('geminiChatBody generationConfig', () => {
  it('maps sampling, length, stop, n and the JSON response format', () => {
    const body = geminiChatBody(
      {
        messages: [],
        temperature: 0.3,
        top_p: 0.9,
        max_tokens: 256,
        stop: 'END',
        n: 2,
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'r', schema: { type: 'object', additionalProperties: false, properties: {} } },
        },
      },
      'm',
      settings,
    );
    expect(body.generationConfig).toEqual({
      temperature: 0.3,
      topP: 0.9,
      maxOutputTokens: 256,
      stopSequences: ['END'],
      candidateCount: 2,
      responseMimeType: 'application/json',
      responseSchema: { type: 'object', properties: {} },
    });
  });

  it('takes a stop array and max_completion_tokens', () => {
    const body = geminiChatBody({ messages: [], stop: ['a', 'b'], max_completion_tokens: 9 }, 'm', settings);
    expect(body.generationConfig).toEqual({ stopSequences: ['a', 'b'], maxOutputTokens: 9 });
  });

  it('asks for thoughts only for models GeminiOpenThink turns on', () => {
    const thinking = { ...settings, geminiOpenThink: { 'gemini-2.5-pro': true, 'gemini-2.5-flash': false } };
    expect(geminiChatBody({ messages: [] }, 'gemini-2.5-pro', thinking).generationConfig).toEqual({
      thinkingConfig: { includeThoughts: true },
    });
    expect(geminiChatBody({ messages: [] }, 'gemini-2.5-flash', thinking).generationConfig).toBeUndefined();
    expect(geminiChatBody({ messages: [] }, 'gemini-2.0-flash', thinking).generationConfig).toBeUndefined();
  });
});

describe('media helpers', () => {
  it('guesses MIME types from extensions, ignoring query strings and case', () => {
    expect(mimeTypeFromUrl('https://x.test/a/B.PNG')).toBe('image/png');
    expect(mimeTypeFromUrl('https://x.test/doc.pdf#page=2')).toBe('application/pdf');
    expect(mimeTypeFromUrl('https://x.test/clip.mp4?t=3')).toBe('video/mp4');
    expect(mimeTypeFromUrl('https://x.test/unknown.xyz')).toBe('image/jpeg');
  });

  it('reads the MIME type of a data: URL with extra parameters', () => {
    expect(mediaPart('data:image/jpeg;name=a.jpg;base64,/9j/4A==')).toEqual({
      inline_data: { mime_type: 'image/jpeg', data: '/9j/4A==' },
    });
  });
});
