import { describe, expect, it } from 'vitest';
import {
  checkableProviderModels,
  createCheckStreamParser,
  modelCheckPassed,
} from './channel-check-stream.js';

const result = (model: string, status: number) => ({
  model,
  process: [{ name: 'test', results: [{ name: 'request', status, remark: 'r' }], response: null }],
});

describe('channel check stream (console-screens §1.6)', () => {
  it('reads results and done from data lines split across chunks, skipping heartbeats and noise', () => {
    const parser = createCheckStreamParser();
    const body = [
      `event:message\ndata:${JSON.stringify({ type: 'heartbeat', data: 'ping' })}\n\n`,
      `event:message\ndata:${JSON.stringify({ type: 'result', data: result('gpt-4o', 1) })}\n\n`,
      'data:not json\n\n',
      `event:message\ndata:${JSON.stringify({ type: 'done', data: 'completed' })}`,
    ].join('');
    const cut = body.indexOf('gpt-4o') + 2;
    const events = [...parser.push(body.slice(0, cut)), ...parser.push(body.slice(cut)), ...parser.end()];
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ type: 'result', result: { model: 'gpt-4o' } });
    expect(events[1]).toEqual({ type: 'done' });
  });

  it('passes a model only when every step passed', () => {
    expect(modelCheckPassed(result('a', 1))).toBe(true);
    expect(modelCheckPassed(result('a', 0))).toBe(false);
    expect(modelCheckPassed({ model: 'a', process: [] })).toBe(false);
  });

  it('keeps the chat models of OpenAI, Gemini and Claude from an upstream list', () => {
    expect(
      checkableProviderModels([
        'gpt-4o',
        'gpt-4-all',
        'gpt-4o-realtime-preview',
        'gpt-3.5-turbo-instruct',
        'chatgpt-4o-latest',
        'gemini-pro',
        'claude-3',
        'text-embedding-3-small',
        'gpt-4o',
      ]),
    ).toEqual(['gpt-4o', 'chatgpt-4o-latest', 'gemini-pro', 'claude-3']);
  });
});
