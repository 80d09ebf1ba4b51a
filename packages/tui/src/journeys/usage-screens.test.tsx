// The usage and billing screens core describes (logs, async tasks, Midjourney, monthly bills, available
// models) drawn by the kit against a real gw server, with a chat relayed through the fake upstream so the
// log list, its stat line and a log's detail show a real request.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  createPrice,
  createToken,
  generateInvoiceMonth,
  listTokens,
  previousInvoiceMonth,
  updateOption,
} from '@gw/core';
import chalk from 'chalk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_REPLY_TEXT, type FakeUpstream, startFakeUpstream } from '../test-support/fake-upstream.js';
import {
  accessTokenOf,
  createUser,
  KEYS,
  renderTui,
  signedInClient,
  useRootConsole,
} from '../test-support/tui-harness.js';

const MODEL = 'gpt-4o-mini';

describe('usage screens against a real gw server', () => {
  const console_ = useRootConsole();
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    await console_.root.send('POST', '/api/channel/', {
      body: {
        type: 1,
        name: 'usage-upstream',
        key: 'sk-fake',
        base_url: upstream.url,
        group: 'default',
        models: MODEL,
        test_model: MODEL,
      },
    });
    await createPrice(console_.root, { model: MODEL, type: 'tokens', channel_type: 1, input: 1, output: 2 });
    await createToken(console_.root, { name: 'usage-token', unlimited_quota: true, expired_time: -1 });
    const [token] = (await listTokens(console_.root, { page: 1, size: 10 })).data;
    const reply = await fetch(`${console_.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${token?.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(reply.status).toBe(200);
    await reply.text();
    // The ledger writes the log row in its next batch: wait for it, or the list may open before it is there.
    for (let tries = 0; tries < 100; tries += 1) {
      const page = (await console_.root.send('GET', '/api/log/?page=1&size=10&log_type=2')) as {
        data?: { total_count?: number };
      };
      if ((page.data?.total_count ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await upstream?.close();
  });

  it('Given a relayed chat, when Logs opens, then its row, the stat line and the detail show it; a model filter empties the list', async () => {
    const screen = await console_.open('logs', new RegExp(`› .*${MODEL}`));
    const frame = await screen.waitForText(/Quota used: \$\d+\.\d+ · RPM: \d+ · TPM: [\d,]+/);
    expect(frame).toContain('usage-token');
    // The detail adds what no column shows: the exact points and the source IP.
    const detail = await screen.press(KEYS.enter, 'Quota (points)');
    expect(detail).toMatch(/Source IP +\S+/);
    // The log's metadata as indented JSON under the fields, as the web's detail dialog shows it.
    expect(detail).toContain('Metadata');
    expect(detail).toMatch(/^ +"group_name": "default",?$/m);
    await screen.press(KEYS.escape, new RegExp(`› .*${MODEL}`));
    // The type filter's choices open as a list (Space); ↓↓ Enter picks Usage, Enter applies it.
    // The footer follows: the filters' keys, then the open list's.
    await screen.press('f', /<Enter> apply {2}<Tab\/S-Tab> next field/);
    await screen.press(' ', /<↑\/↓> move {2}<Enter> choose {2}<Esc> cancel/);
    screen.stdin.write(KEYS.down);
    screen.stdin.write(KEYS.down);
    await screen.waitFor((frame) => /^ +› Usage$/m.test(frame), 'Usage highlighted');
    await screen.press(KEYS.enter, /› Type +‹ Usage ›/);
    const usage = await screen.press(KEYS.enter, 'Page 1 of 1 (1 rows)');
    expect(usage).toMatch(new RegExp(`› .*${MODEL}`));
    await screen.press('f', 'Filters');
    // Type, token, then the model field.
    await screen.press(`${KEYS.tab}${KEYS.tab}`, /› Model/);
    await screen.press('no-such-model', 'no-such-model');
    const empty = await screen.press(KEYS.enter, 'Page 1 of 1 (0 rows)');
    expect(empty).toContain('Quota used: $0');
  });

  it('Given a relayed chat, when the Dashboard opens, then today counts it, its model has a bar, and p pauses the refresh', async () => {
    // Live refresh on (an hour: no reload happens during the test) so the pause shows in the header.
    const screen = await console_.open('dashboard', /Today's requests +1 /, { refreshSeconds: 3600 });
    const frame = screen.lastFrame() ?? '';
    expect(frame).toMatch(new RegExp(`${MODEL} +1 +█`));
    // The only model's bar runs to the pane's edge (100 columns less the padding).
    const modelBar = frame.split('\n').find((line) => line.startsWith(`   ${MODEL} `)) ?? '';
    expect(modelBar.trimEnd().length).toBe(99);
    // One call is counted in the singular (i18next plurals): "1 request", not "1 requests".
    expect(frame).toContain('Requests by model (1 request)');
    expect(frame).toMatch(/Today's tokens +[1-9]/);
    await screen.press('p', /\(paused\)/);
  });

  it('Given a token and a channel, when a message is sent in the Playground, then the streamed reply shows and is logged', async () => {
    const screen = await console_.open('playground', new RegExp(`Model: ‹ ${MODEL} ›`));
    expect(screen.lastFrame()).toContain('Token: ‹ usage-token ›');
    await screen.press('hi there', 'hi there');
    const replied = await screen.press(KEYS.enter, `Assistant: ${FAKE_REPLY_TEXT.slice(0, 20)}`);
    expect(replied).toContain('You: hi there');
    // The chat of beforeAll and this one; the relay writes the log once the stream has ended.
    const consumeLogs = async () =>
      (
        (await console_.root.send('GET', '/api/log/?page=1&size=10&log_type=2')) as {
          data: { total_count: number };
        }
      ).data.total_count;
    let count = await consumeLogs();
    for (let attempt = 0; attempt < 50 && count < 2; attempt += 1) {
      await new Promise((done) => setTimeout(done, 100));
      count = await consumeLogs();
    }
    expect(count).toBe(2);
  });

  it('Given a running server, when System info opens, then the server log lines read through the API show', async () => {
    const screen = await console_.open('syslog', /\d{4}-\d{2}-\d{2}T\S+ +(Info|Warning|Error|Debug) /);
    expect(screen.lastFrame()).toContain('System logs');
    // `/` searches the lines read: nothing matches a made-up word; Esc clears the search.
    await screen.press('/', 'Search logs: /');
    await screen.press('zz-no-such-line', 'No matching logs');
    await screen.press(KEYS.enter, /<\/> Search logs/);
    expect(screen.lastFrame()).toContain('zz-no-such-line');
    const cleared = await screen.press(KEYS.escape, /\d{4}-\d{2}-\d{2}T\S+ +(Info|Warning|Error|Debug) /);
    expect(cleared).not.toContain('zz-no-such-line');
  });

  it('Given a channel and root, when Analytics opens, then the summary counts them from the server', async () => {
    const screen = await console_.open('analytics', /Channels +1 +Active 1/);
    expect(screen.lastFrame()).toMatch(/Total users +1 +Direct 1/);
  });

  it('Given chats relayed today, when Analytics opens, then the request sparkline peaks on today and the bar of its model fills the width', async () => {
    const level = chalk.level;
    // NO_COLOR: the charts are characters alone, no colour codes.
    chalk.level = 0;
    try {
      const screen = await console_.open('analytics', /Total requests [1-9]\d* /);
      const lines = (screen.lastFrame() ?? '').split('\n');
      // The chats of this file (one, and the playground's when it ran first), all today.
      const count = (screen.lastFrame() ?? '').match(/Total requests (\d+) /)?.[1] ?? '';
      // 7 days, today the only one with requests: six low cells and a top one, 4 cells a day at 100 columns.
      const requests = lines.find((line) => line.includes(`Total requests ${count} `)) ?? '';
      expect(requests.trimEnd()).toMatch(
        new RegExp(`Total requests ${count} +${'▁'.repeat(24)}${'█'.repeat(4)}$`),
      );
      // Nothing redeemed: every day at the lowest height.
      expect(lines.find((line) => line.includes('Redeemed $0.000'))?.trimEnd()).toMatch(/ ▁{28}$/);
      // m twice: the bars show requests; b: grouped by model, the one model's bar fills the row.
      await screen.press('m', 'Tokens by Model type');
      await screen.press('m', 'Requests by Model type');
      const byModel = await screen.press('b', /Requests by Model\s*$/m);
      const bar = byModel.split('\n').find((line) => line.startsWith(` ${MODEL} `)) ?? '';
      // 100 columns, 1 cell padding each side: label, 2 spaces, figure, 2 spaces, the bar to the edge.
      expect(bar.trimEnd()).toMatch(new RegExp(`^ ${MODEL}  ${count}  █+$`));
      expect(bar.trimEnd().length).toBe(99);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for terminal colour codes
      expect(byModel).not.toMatch(/\u001B\[/);
      // d: 14 days, still one peak on today.
      const fortnight = await screen.press('d', / · 14 days · /);
      expect(fortnight).toMatch(new RegExp(`Total requests ${count} +▁+█+`));
      // f: a range typed, checked by core's rule (a reversed one is refused), and a user: one day
      // before today, with no requests, for root.
      await screen.press('f', '› Start date');
      const range = (fortnight.match(/(\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})/) ?? []).slice(1);
      const [start, end] = [range[0] ?? '', range[1] ?? ''];
      await screen.press(`\u0015${end}${KEYS.tab}\u0015${start}`, new RegExp(`End date +${start}`));
      await screen.press(KEYS.enter, 'The start must not be after the end');
      await screen.press(`${KEYS.shiftTab}\u0015${start}`, new RegExp(`Start date +${start}`));
      await screen.press(`${KEYS.tab}${KEYS.tab}\u00151`, /› User ID \(0 = all\) +1/);
      const one = await screen.press(KEYS.enter, new RegExp(`${start} – ${start} · 1 day · `));
      expect(one).toMatch(/Total requests 0 +▁{4}$/m);
      expect(one).toContain('user #1');
      expect(one).not.toContain('Start date');
    } finally {
      chalk.level = level;
    }
  });

  it('Given root relayed chats, when Multi-user stats is asked for root, then its requests and spend show', async () => {
    const saveDir = mkdtempSync(join(tmpdir(), 'gw-tui-multi-'));
    const screen = await console_.open('user_stats', 'Usernames', { saveDir });
    await screen.press('root', /› Usernames +root/);
    // The range is core's default (30 days back to today); an end in the future is refused.
    await screen.press(KEYS.tab, /› Start date +\d{4}-\d{2}-\d{2}/);
    await screen.press(KEYS.tab, /› End date +\d{4}-\d{2}-\d{2}/);
    const today = (screen.lastFrame() ?? '').match(/› End date +(\d{4}-\d{2}-\d{2})/)?.[1] ?? '';
    await screen.press(`\u00152999-01-01`, /› End date +2999-01-01/);
    await screen.press(KEYS.enter, 'Dates cannot be in the future');
    await screen.press(`\u0015${today}`, new RegExp(`› End date +${today}`));
    const report = await screen.press(KEYS.enter, 'Found data for 1 users');
    expect(report).toMatch(/root +Spend +\$\d+\.\d+ +Requests +[12] /);
    expect(report).toContain(`root – ${MODEL}`);
    // The one user's bar and the one model's bar run to the pane's edge (100 columns less padding).
    const barLines = report.split('\n').filter((line) => /█\s*$/.test(line));
    expect(barLines).toHaveLength(2);
    for (const line of barLines) expect(line.trimEnd().length).toBe(99);
    // Ctrl-e writes the server's CSV export under the web's file name.
    const saved = await screen.press('\u0005', 'Saved ');
    const name = readdirSync(saveDir).find((file) => file.startsWith('multi_user_stats_'));
    expect(name).toMatch(new RegExp(`_${today}\\.csv$`));
    expect(saved).toContain(name);
    expect(readFileSync(join(saveDir, name ?? ''), 'utf8')).toMatch(/\broot\b/);
    rmSync(saveDir, { recursive: true, force: true });
  });

  it('Given the models a channel serves, when Available models opens, then the priced model shows', async () => {
    const screen = await console_.open('models', new RegExp(`› +${MODEL}`));
    expect(screen.lastFrame()).toContain('Available models');
  });

  it('Given no async or Midjourney jobs, when Tasks and Midjourney open, then each says so from the server', async () => {
    let screen = await console_.open('tasks', 'No tasks');
    expect(screen.lastFrame()).toContain('Page 1 of 1 (0 rows)');
    screen.unmount();
    screen = await console_.open('mj', 'No Midjourney tasks');
    expect(screen.lastFrame()).toContain('Page 1 of 1 (0 rows)');
  });

  it('Given monthly bills turned on, when Monthly bills opens, then the list reads them from the server', async () => {
    await updateOption(console_.root, 'UserInvoiceMonth', 'true');
    const screen = await console_.open('bills', 'No bills yet');
    expect(screen.lastFrame()).toContain('Page 1 of 1 (0 rows)');
  });

  it("Given last month's bill, when Enter is pressed on it, then its sheet shows the number, the lines by model and the total", async () => {
    const month = previousInvoiceMonth();
    // Consume logs of last month go straight into the database (the relay writes the same rows).
    const database = new DatabaseSync(join(console_.server.dataDir, 'gw.db'));
    const log = database.prepare(
      `INSERT INTO logs (user_id, created_at, type, content, username, token_name, model_name, quota, prompt_tokens,
         completion_tokens, channel_id, request_time, is_stream, source_ip)
       VALUES (1, ?, 2, '', 'root', 'key', ?, ?, ?, ?, 1, ?, 0, '')`,
    );
    const start = new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 2).getTime() / 1000;
    log.run(start, 'bill-omni', 1_000_000, 1000, 200, 1500);
    log.run(start + 60, 'bill-omni', 500_000, 1000, 200, 1500);
    log.run(start + 120, 'bill-mini', 250_000, 500, 50, 700);
    database.close();
    await updateOption(console_.root, 'UserInvoiceMonth', 'true');
    await generateInvoiceMonth(console_.root, month);
    const screen = await console_.open('bills', 'Page 1 of 1 (1 rows)');
    const sheet = await screen.press(KEYS.enter, 'Usage by model');
    expect(sheet).toContain(`Billing month`);
    expect(sheet).toContain(month.slice(0, 7));
    expect(sheet).toMatch(/Bill number +\S+/);
    expect(sheet).toMatch(/Requests +3\b/);
    // Largest amount first: bill-omni ($3.00) above bill-mini ($0.50); the total is their sum.
    expect(sheet.indexOf('bill-omni')).toBeLessThan(sheet.indexOf('bill-mini'));
    expect(sheet).toContain('Total: $3.50');
    await screen.press(KEYS.escape, 'Page 1 of 1 (1 rows)');
  });

  it('Given a regular user, when Logs opens, then it is titled My logs', async () => {
    await createUser(console_.root, 'logreader', 'logreader-password');
    const reader = await signedInClient(console_.server.url, 'logreader', 'logreader-password');
    const screen = renderTui({ server: console_.server.url, accessToken: await accessTokenOf(reader) });
    try {
      await screen.waitForText('logreader');
      await screen.press(':', 'Enter a menu name');
      await screen.press('logs', 'logs');
      await screen.press(KEYS.enter, 'My logs');
      const frame = await screen.waitForText('Page 1 of 1');
      expect(frame).toMatch(/^ My logs/m);
    } finally {
      screen.unmount();
    }
  });
});
