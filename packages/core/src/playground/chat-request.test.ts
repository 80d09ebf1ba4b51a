import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/i18n.js';
import { LANGUAGES } from '../i18n/languages.js';
import {
  buildChatRequest,
  describeChatRequest,
  formatCallCost,
  playgroundTokens,
  PLAYGROUND_FIELDS,
  playgroundSchema,
} from './chat-request.js';

describe('playground request', () => {
  it('needs a token, a model and a message; the system prompt is optional', () => {
    const issues = (values: Record<string, string>) => {
      const checked = playgroundSchema.safeParse({
        token_id: '3',
        model: 'gpt-4o',
        system: '',
        message: 'hi',
        ...values,
      });
      return checked.success
        ? {}
        : Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    expect(issues({})).toEqual({});
    expect(issues({ token_id: '' })).toEqual({ token_id: 'validation.required' });
    expect(issues({ model: ' ' })).toEqual({ model: 'validation.required' });
    expect(issues({ message: '  ' })).toEqual({ message: 'validation.required' });
  });

  it('sends the system prompt, the turns so far and the new message, streamed with usage', () => {
    const input = playgroundSchema.parse({
      token_id: '3',
      model: 'gpt-4o',
      system: 'Be brief',
      message: 'And now?',
    });
    const body = buildChatRequest(input, [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
    ]);
    expect(body).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
        { role: 'user', content: 'And now?' },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(describeChatRequest(body).split('\n')[0]).toBe('POST /v1/chat/completions');
    expect(JSON.parse(describeChatRequest(body).split('\n').slice(1).join('\n'))).toEqual(body);
  });

  it('shows a call cost to the millionth of a dollar, or as points', () => {
    expect(formatCallCost(61, { displayInCurrency: true, quotaPerUnit: 500_000 })).toBe('$0.000122');
    expect(formatCallCost(1_500_000, { displayInCurrency: true, quotaPerUnit: 500_000 })).toBe('$3.000000');
    expect(formatCallCost(61, { displayInCurrency: false, quotaPerUnit: 500_000 })).toBe('61');
  });

  it('offers enabled tokens only, the playground token first', () => {
    const tokens = [
      { id: 1, name: 'mine', status: 1 },
      { id: 2, name: 'off', status: 2 },
      { id: 3, name: 'sys_playground', status: 1 },
      { id: 4, name: 'spent', status: 4 },
    ];
    expect(playgroundTokens(tokens).map((token) => token.id)).toEqual([3, 1]);
  });

  it('names every field in every language', () => {
    const keys = PLAYGROUND_FIELDS.flatMap((field) => [
      field.labelKey,
      field.placeholderKey ?? field.labelKey,
    ]);
    for (const language of LANGUAGES) {
      for (const key of keys) expect(translate(language, key), `${language} ${key}`).not.toBe(key);
    }
  });
});
