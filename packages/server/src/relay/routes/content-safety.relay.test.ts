// Content safety (behaviour spec §6 step 6; options EnableSafe, SafeToolName=Keyword, SafeKeyWords): with the
// check on, a prompt holding a keyword (any case, anywhere in the message text) is refused with a 400 in the
// caller's API shape before any channel is called, its hold refunded and nothing billed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

const CLAUDE_MODEL = 'claude-3-5-haiku-20241022';
const GEMINI_MODEL = 'gemini-2.0-flash';
// Small enough that the request is held in the database (not the trusted rich-user path): the refund is real.
const START_QUOTA = 20_000;
const REFUSAL =
  /^请求未通过内容安全检查：包含敏感词「Forbidden Fruit」 \(request id: \d{23}[A-Za-z0-9]{8}\)$/;

describe.each(TEST_DIALECTS)('content safety (EnableSafe with the Keyword tool) on %s', (kind) => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp(kind);
    await r.addChannel({ models: 'gpt-4o-mini,gpt-3.5-turbo-instruct' });
    await r.addChannel({ type: 14, key: 'sk-ant-fake', models: CLAUDE_MODEL });
    await r.addChannel({ type: 25, key: 'gemini-fake-key', models: GEMINI_MODEL });
    // The dictionary is set while the check is still off: its default must be off.
    await r.setOptions({ SafeKeyWords: 'Forbidden Fruit\n  \nsecret sauce\n' });
  });
  afterAll(async () => r?.close());
  beforeEach(() => r.upstream.reset());

  function post(path: string, who: RelayCallerHandle, body: unknown) {
    return fetch(`${r.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${who.key}`,
        'x-api-key': who.key,
        'x-goog-api-key': who.key,
        'anthropic-version': '2023-06-01',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  }

  const chat = (content: unknown) => ({ model: 'gpt-4o-mini', messages: [{ role: 'user', content }] });

  /** After a flush: the caller's balances are untouched and no consume log was written. */
  async function expectNothingBilled(who: RelayCallerHandle) {
    await r.flush();
    const db = r.t.app.gw.db;
    const user = await db
      .selectFrom('users')
      .select(['quota', 'used_quota', 'request_count'])
      .where('id', '=', who.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ quota: START_QUOTA, used_quota: 0, request_count: 0 });
    const token = await db
      .selectFrom('tokens')
      .select(['used_quota'])
      .where('id', '=', who.tokenId)
      .executeTakeFirstOrThrow();
    expect(token.used_quota).toBe(0);
    const logs = await db
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', who.userId)
      .where('type', '=', 2)
      .execute();
    expect(logs).toHaveLength(0);
  }

  it('is off by default: a keyword in the prompt is relayed and billed', async () => {
    const who = await r.newCaller({ quota: START_QUOTA });
    const response = await post('/v1/chat/completions', who, chat('tell me of the forbidden fruit'));
    expect(response.status).toBe(200);
    expect(r.upstream.requests).toHaveLength(1);
    await r.flush();
    const user = await r.t.app.gw.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', who.userId)
      .executeTakeFirstOrThrow();
    expect(user.quota).toBeLessThan(START_QUOTA);
  });

  describe('when on', () => {
    beforeAll(async () => r.setOptions({ EnableSafe: 'true' }));

    it('refuses a chat prompt holding a keyword in another case: 400, no upstream call, nothing billed', async () => {
      const who = await r.newCaller({ quota: START_QUOTA });
      const response = await post(
        '/v1/chat/completions',
        who,
        chat('Tell me of the FORBIDDEN fruit, please'),
      );
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: Record<string, unknown> };
      expect(body.error).toMatchObject({ type: 'one_hub_error', code: 'sensitive_words_detected' });
      expect(body.error.message).toMatch(REFUSAL);
      expect(body.error.message).toContain(response.headers.get('x-oneapi-request-id') as string);
      expect(r.upstream.requests).toHaveLength(0);
      await expectNothingBilled(who);
    });

    it('finds the keyword in the text of array content parts, and in earlier messages', async () => {
      const who = await r.newCaller({ quota: START_QUOTA });
      const parts = chat([
        { type: 'text', text: 'first part is fine' },
        { type: 'text', text: 'the SECRET Sauce recipe' },
      ]);
      const partsReply = await post('/v1/chat/completions', who, parts);
      expect(partsReply.status).toBe(400);
      const earlier = {
        model: 'gpt-4o-mini',
        messages: [
          { role: 'system', content: 'forbidden fruit is on the menu' },
          { role: 'user', content: 'what is on the menu?' },
        ],
      };
      expect((await post('/v1/chat/completions', who, earlier)).status).toBe(400);
      expect(r.upstream.requests).toHaveLength(0);
      await expectNothingBilled(who);
    });

    it('relays a prompt without a keyword as usual', async () => {
      const who = await r.newCaller({ quota: START_QUOTA });
      const plain = await post('/v1/chat/completions', who, chat([{ type: 'text', text: 'an apple a day' }]));
      expect(plain.status).toBe(200);
      // Keywords are matched as words of text, not split: "forbidden" alone is not "forbidden fruit".
      const near = await post('/v1/chat/completions', who, chat('forbidden, yet no fruit'));
      expect(near.status).toBe(200);
      expect(r.upstream.requests).toHaveLength(2);
    });

    it('checks a completions prompt and a Responses input', async () => {
      const who = await r.newCaller({ quota: START_QUOTA });
      const completion = await post('/v1/completions', who, {
        model: 'gpt-3.5-turbo-instruct',
        prompt: 'write about Forbidden fruit',
      });
      expect(completion.status).toBe(400);
      const responses = await post('/v1/responses', who, {
        model: 'gpt-4o-mini',
        input: [{ role: 'user', content: [{ type: 'input_text', text: 'secret sauce?' }] }],
      });
      expect(responses.status).toBe(400);
      expect(((await responses.json()) as { error: { code: string } }).error.code).toBe(
        'sensitive_words_detected',
      );
      expect(r.upstream.requests).toHaveLength(0);
      await expectNothingBilled(who);
    });

    it('answers native Claude and Gemini callers in their own error shapes', async () => {
      const who = await r.newCaller({ quota: START_QUOTA });
      const claude = await post('/claude/v1/messages', who, {
        model: CLAUDE_MODEL,
        max_tokens: 64,
        messages: [{ role: 'user', content: [{ type: 'text', text: 'the forbidden FRUIT' }] }],
      });
      expect(claude.status).toBe(400);
      const claudeBody = (await claude.json()) as { type: string; error: { type: string; message: string } };
      expect(claudeBody.type).toBe('error');
      expect(claudeBody.error.message).toMatch(REFUSAL);
      const gemini = await post(`/gemini/v1beta/models/${GEMINI_MODEL}:generateContent`, who, {
        contents: [{ role: 'user', parts: [{ text: 'Forbidden Fruit' }] }],
      });
      expect(gemini.status).toBe(400);
      const geminiBody = (await gemini.json()) as { error: { code: number; message: string } };
      expect(geminiBody.error.code).toBe(400);
      expect(geminiBody.error.message).toMatch(REFUSAL);
      expect(r.upstream.requests).toHaveLength(0);
      await expectNothingBilled(who);
    });
  });
});
