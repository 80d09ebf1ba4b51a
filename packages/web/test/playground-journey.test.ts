// The playground (console-screens §12.3) in real headless Chromium against a real `gw serve` whose one
// channel points at a fake upstream on loopback: choose a token and a model, send, watch the reply
// stream in piece by piece, see the request and the cost — and find that call in the logs API with the
// same cost. In English at 1440 px on /panel/playground, in Chinese at 390 px on /playground.
import { formatCallCost, type Language, quotaDisplayFromStatus, statusSchema, translate } from '@gw/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_REPLY_TEXT,
  type FakeUpstream,
  startFakeUpstream,
} from '../../server/src/relay/test-support/fake-upstream/index.js';
import { journeyFixture, rootApi, signInRootAs } from './browser';

const MODEL = 'gpt-4o-mini';
const TOKEN = 'journey-chat';
const journey = journeyFixture();
let upstream: FakeUpstream;

const api = <T = unknown>(method: string, path: string, body?: unknown) =>
  rootApi<T>(journey, method, path, body);

interface LogRow {
  token_name: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  is_stream: boolean;
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
  await api('POST', '/api/channel/', {
    type: 1,
    name: 'playground-upstream',
    key: 'sk-upstream',
    base_url: upstream.url,
    models: `${MODEL},gpt-4o`,
    group: 'default',
  });
  await api('POST', '/api/token/', { name: TOKEN, unlimited_quota: true });
});
afterAll(async () => {
  await upstream?.close();
});

/** Sends one message and checks the streamed reply, the request shown and the cost against the log API. */
async function chat(page: Page, language: Language, message: string) {
  const tr = (key: string) => translate(language, key);
  const labelled = (key: string) => page.getByLabel(new RegExp(`^${tr(key)}\\s*\\*?$`));
  await labelled('playground.token').selectOption({ label: TOKEN });
  await labelled('playground.model').selectOption(MODEL);
  await labelled('playground.message').fill(message);
  // Every text the assistant's bubble shows on its way: a streamed reply grows, it does not appear whole.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __replies: string[] }).__replies = seen;
    new MutationObserver(() => {
      const bubbles = document.querySelectorAll('[data-role="assistant"] .gw-turn-text');
      const text = bubbles[bubbles.length - 1]?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const logQuery = `/api/log/self?log_type=2&token_name=${TOKEN}&model_name=${MODEL}&size=1&order=-id`;
  const before = await api<{ total_count: number }>('GET', logQuery);
  upstream.script({ frameDelayMs: 120 });
  await page.getByRole('button', { name: tr('playground.send') }).click();
  await page.locator('[data-role="assistant"]').last().filter({ hasText: FAKE_REPLY_TEXT }).waitFor();
  const replies = await page.evaluate(() => (window as unknown as { __replies: string[] }).__replies);
  const partial = replies.filter(
    (text) => text !== FAKE_REPLY_TEXT && FAKE_REPLY_TEXT.startsWith(text.replace('▍', '')),
  );
  expect(partial.length, `texts seen: ${JSON.stringify(replies)}`).toBeGreaterThan(1);

  // The request as sent, and the upstream got the same conversation.
  const request = page.locator('.gw-call-request');
  await expect(request.textContent()).resolves.toContain('POST /v1/chat/completions');
  await expect(request.textContent()).resolves.toContain(message);
  // The cost, read back from the consume log, equals the log the API lists for this call.
  const cost = page.getByTestId('playground-cost');
  await cost.waitFor();
  const logs = await api<{ data: LogRow[]; total_count: number }>('GET', logQuery);
  expect(logs.total_count).toBe(before.total_count + 1);
  const log = logs.data[0];
  expect(log).toMatchObject({ token_name: TOKEN, model_name: MODEL, is_stream: true });
  expect(log?.quota).toBeGreaterThan(0);
  const status = statusSchema.parse(await api('GET', '/api/status'));
  await expect(cost.textContent()).resolves.toBe(
    formatCallCost(log?.quota ?? 0, quotaDisplayFromStatus(status)),
  );
  await expect(page.locator('.gw-call-facts').textContent()).resolves.toContain(
    String(log?.completion_tokens),
  );
}

describe('playground', () => {
  it('chats through a chosen token and model in English at 1440 px, the reply streamed, the cost from the log', async () => {
    const page = await signInRootAs(journey, 'en_US', 1440);
    await page.getByRole('link', { name: translate('en_US', 'nav.playground') }).click();
    await page.waitForURL('**/panel/playground');
    await chat(page, 'en_US', 'Hello from the journey');
    // A second message carries the first turn along.
    await chat(page, 'en_US', 'And a follow-up');
    const sent = upstream.requests.at(-1)?.body as { messages: { content: string }[] };
    expect(sent.messages.map((turn) => turn.content)).toEqual([
      'Hello from the journey',
      FAKE_REPLY_TEXT,
      'And a follow-up',
    ]);
    await page.context().close();
  });

  it('chats on the public /playground in Chinese at 390 px, then starts a new chat', async () => {
    const page = await signInRootAs(journey, 'zh_CN', 390);
    await page.goto(`${journey.server.url}/playground`);
    await chat(page, 'zh_CN', '你好');
    // A new chat clears the conversation.
    await page.getByRole('button', { name: translate('zh_CN', 'playground.new_chat') }).click();
    await page.getByText(translate('zh_CN', 'playground.empty_chat')).waitFor();
    await page.context().close();
  });
});
