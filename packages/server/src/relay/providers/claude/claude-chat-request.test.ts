import { describe, expect, it } from 'vitest';
import { UpstreamFailure } from '../provider.js';
import { claudeChat } from './claude-provider.js';
import { testClaudeCall, testClaudeChannel } from './test-support/claude-test-support.js';

function sentBody(body: Record<string, unknown>, overrides: Parameters<typeof testClaudeCall>[1] = {}) {
  const request = claudeChat.request(testClaudeCall(body, overrides));
  return JSON.parse(String(request.body)) as Record<string, unknown>;
}

describe('claude chat request: where and with which headers', () => {
  it('posts to Anthropic by default with the key, the default version and JSON', () => {
    const request = claudeChat.request(testClaudeCall({ messages: [{ role: 'user', content: 'Hi' }] }));
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://api.anthropic.com/v1/messages');
    expect(request.headers).toEqual({
      'content-type': 'application/json',
      'anthropic-version': '2023-06-01',
      'x-api-key': 'sk-ant-test',
    });
  });

  it('uses the channel base URL, the client anthropic headers and the channel headers, key last', () => {
    const channel = testClaudeChannel({
      baseUrl: 'https://proxy.example/',
      headers: { 'X-Team': 'blue', 'x-api-key': 'spoofed' },
    });
    const request = claudeChat.request(
      testClaudeCall(
        { messages: [{ role: 'user', content: 'Hi' }] },
        {
          channel,
          clientHeaders: { 'anthropic-version': '2024-01-01', 'anthropic-beta': 'prompt-caching-2024-07-31' },
        },
      ),
    );
    expect(request.url).toBe('https://proxy.example/v1/messages');
    expect(request.headers).toMatchObject({
      'anthropic-version': '2024-01-01',
      'anthropic-beta': 'prompt-caching-2024-07-31',
      'x-team': 'blue',
      'x-api-key': 'sk-ant-test',
    });
  });
});

describe('claude chat request: the conversation', () => {
  it('moves system messages into `system` and keeps user and assistant turns', () => {
    const body = sentBody({
      model: 'claude-sonnet-4',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'developer', content: [{ type: 'text', text: 'Answer in English.' }] },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: [{ type: 'text', text: 'How are you?' }] },
      ],
    });
    expect(body.system).toBe('Be brief.\nAnswer in English.');
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello!' }] },
      { role: 'user', content: [{ type: 'text', text: 'How are you?' }] },
    ]);
    expect(body.model).toBe('claude-sonnet-4');
    expect(body.stream).toBeUndefined();
  });

  it('turns assistant tool_calls into tool_use and tool messages into one user turn of tool_result', () => {
    const body = sentBody({
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
            { id: 'call_2', type: 'function', function: { name: 'weather', arguments: '' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '18C' },
        { role: 'tool', tool_call_id: 'call_2', content: [{ type: 'text', text: '24C' }] },
      ],
    });
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and Rome?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'call_2', name: 'weather', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_1', content: '18C' },
          { type: 'tool_result', tool_use_id: 'call_2', content: [{ type: 'text', text: '24C' }] },
        ],
      },
    ]);
  });

  it('refuses tool call arguments that are not JSON with a 400', () => {
    const call = testClaudeCall({
      messages: [
        {
          role: 'assistant',
          tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{oops' } }],
        },
      ],
    });
    expect(() => claudeChat.request(call)).toThrow(UpstreamFailure);
    try {
      claudeChat.request(call);
    } catch (error) {
      expect((error as UpstreamFailure).error).toMatchObject({
        status: 400,
        param: 'messages[0].tool_calls[0].function.arguments',
      });
    }
  });

  it('sends data: images as base64 sources and http(s) images as URL sources', () => {
    const body = sentBody({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Compare' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
            { type: 'image_url', image_url: { url: 'https://img.example/cat.jpg', detail: 'high' } },
          ],
        },
      ],
    });
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Compare' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'image', source: { type: 'url', url: 'https://img.example/cat.jpg' } },
        ],
      },
    ]);
  });

  it('refuses an image URL that is neither data: nor http(s)', () => {
    const call = testClaudeCall({
      messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'ftp://x/y.png' } }] }],
    });
    expect(() => claudeChat.request(call)).toThrow(/messages\[0\]\.content\[0\] is invalid/);
  });

  it('passes cache_control through on parts, messages, system blocks and tools', () => {
    const ephemeral = { type: 'ephemeral' };
    const body = sentBody({
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'Long rules', cache_control: ephemeral }] },
        { role: 'user', content: [{ type: 'text', text: 'Doc', cache_control: ephemeral }] },
        { role: 'assistant', content: 'Read.', cache_control: ephemeral },
      ],
      tools: [
        {
          type: 'function',
          function: { name: 'f', parameters: { type: 'object' } },
          cache_control: ephemeral,
        },
      ],
    });
    expect(body.system).toEqual([{ type: 'text', text: 'Long rules', cache_control: ephemeral }]);
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Doc', cache_control: ephemeral }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Read.', cache_control: ephemeral }] },
    ]);
    expect(body.tools).toEqual([{ name: 'f', input_schema: { type: 'object' }, cache_control: ephemeral }]);
  });

  it('merges consecutive turns of one role and drops empty messages', () => {
    const body = sentBody({
      messages: [
        { role: 'user', content: 'One' },
        { role: 'assistant', content: '' },
        { role: 'user', content: 'Two' },
      ],
    });
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'One' },
          { type: 'text', text: 'Two' },
        ],
      },
    ]);
  });
});

describe('claude chat request: tools, sampling and limits', () => {
  const tools = [
    {
      type: 'function',
      function: {
        name: 'weather',
        description: 'Current weather',
        parameters: { type: 'object', properties: { city: { type: 'string' } } },
      },
    },
  ];

  it('translates tools into input_schema form', () => {
    expect(sentBody({ messages: [{ role: 'user', content: 'Hi' }], tools }).tools).toEqual([
      {
        name: 'weather',
        description: 'Current weather',
        input_schema: { type: 'object', properties: { city: { type: 'string' } } },
      },
    ]);
  });

  it.each([
    ['auto', undefined, { type: 'auto' }],
    ['required', undefined, { type: 'any' }],
    ['none', undefined, { type: 'none' }],
    [{ type: 'function', function: { name: 'weather' } }, undefined, { type: 'tool', name: 'weather' }],
    [undefined, false, { type: 'auto', disable_parallel_tool_use: true }],
  ])('maps tool_choice %j (parallel %j)', (toolChoice, parallel, expected) => {
    const body = sentBody({
      messages: [{ role: 'user', content: 'Hi' }],
      tools,
      tool_choice: toolChoice,
      parallel_tool_calls: parallel,
    });
    expect(body.tool_choice).toEqual(expected);
  });

  it('sends stop as stop_sequences with temperature, top_p, stream and the end user', () => {
    const body = sentBody(
      {
        messages: [{ role: 'user', content: 'Hi' }],
        stop: 'END',
        temperature: 0.3,
        top_p: 0.9,
        user: 'u-42',
        presence_penalty: 1,
        stream_options: { include_usage: true },
      },
      { stream: true },
    );
    expect(body).toMatchObject({
      stop_sequences: ['END'],
      temperature: 0.3,
      top_p: 0.9,
      metadata: { user_id: 'u-42' },
      stream: true,
    });
    // Anthropic refuses fields it does not know.
    expect(body.presence_penalty).toBeUndefined();
    expect(body.stream_options).toBeUndefined();
  });

  it('takes max_tokens from the client, else the model default, else the site default, else 8192', () => {
    const messages = [{ role: 'user', content: 'Hi' }];
    const settings = {
      claudeDefaultMaxTokens: { default: 4000, 'claude-opus-4': 32000 },
      claudeBudgetTokensPercentage: 0.8,
      geminiOpenThink: {},
    };
    expect(sentBody({ messages, max_tokens: 100 }, { settings }).max_tokens).toBe(100);
    expect(sentBody({ messages, max_completion_tokens: 200 }, { settings }).max_tokens).toBe(200);
    expect(sentBody({ messages }, { settings, model: 'claude-opus-4' }).max_tokens).toBe(32000);
    expect(sentBody({ messages }, { settings }).max_tokens).toBe(4000);
    expect(sentBody({ messages }, { settings: { ...settings, claudeDefaultMaxTokens: {} } }).max_tokens).toBe(
      8192,
    );
  });
});
