// Monthly bills (contract §1.4, §1.15; gateway-behaviour §12.3) on every configured dialect: the user
// routes behind the UserInvoiceMonth option, root's make / make-again tools, and the month's lines made
// exactly once when several makers (processes) race for the same month.
import {
  invoiceModelRowSchema,
  invoiceMonthSchema,
  LOG_TYPE,
  pagedSchema,
  previousInvoiceMonth,
  translate,
} from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createMonthlyInvoiceJob } from '../../jobs/monthly-invoice.job.js';
import { insertLog } from '../../shared/logs.js';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.js';
import { createInvoicesRepository } from './invoices.repository.js';
import { createInvoicesService, monthBounds } from './invoices.service.js';

/** The server's answer in its default language. */
const zh = (key: string, params?: Record<string, unknown>) => translate('zh_CN', key, params);
const child = fileURLToPath(new URL('./test-support/invoice-maker-child.ts', import.meta.url));
const hooks = fileURLToPath(new URL('../../test-support/ts-resolve-hooks.mjs', import.meta.url));

/** Runs one maker process (see the child) and returns what its two calls answered. */
function runMaker(
  url: string,
  month: string,
  startAt: number,
): Promise<{ missing: boolean; replace: boolean }> {
  return new Promise((resolve, reject) => {
    const run = spawn(
      process.execPath,
      ['--conditions=source', '--experimental-transform-types', '--no-warnings', '--import', hooks, child],
      {
        env: {
          ...process.env,
          INVOICE_CHILD_DB: url,
          INVOICE_CHILD_MONTH: month,
          INVOICE_CHILD_START_AT: String(startAt),
        },
      },
    );
    let out = '';
    let err = '';
    run.stdout.on('data', (chunk) => {
      out += String(chunk);
    });
    run.stderr.on('data', (chunk) => {
      err += String(chunk);
    });
    run.on('error', reject);
    run.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(out));
      else reject(new Error(`maker exited with ${code}: ${err}`));
    });
  });
}

/** The month before `date` (`YYYY-MM-01`). */
const monthBefore = (date: string) =>
  previousInvoiceMonth(new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, 15));

describe('monthBounds', () => {
  it('Given a month, Then it spans local midnight of its 1st to local midnight of the next 1st', () => {
    const { start, end } = monthBounds('2024-12-01');
    expect(new Date(start * 1000)).toEqual(new Date(2024, 11, 1));
    expect(new Date(end * 1000)).toEqual(new Date(2025, 0, 1));
  });
});

describe.each(TEST_DIALECTS)('monthly bills on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let alice: string;
  let bob: string;
  let aliceId = 0;
  let bobId = 0;
  const lastMonth = previousInvoiceMonth();
  const monthBeforeLast = monthBefore(lastMonth);
  const month = lastMonth.slice(0, 7);

  const consume = (userId: number, createdAt: number, modelName: string, quota: number) =>
    insertLog(t.app.gw.db, {
      userId,
      type: LOG_TYPE.consume,
      content: '',
      createdAt,
      modelName,
      quota,
      promptTokens: 100,
      completionTokens: 20,
      requestTime: 1500,
    });
  const setOption = (value: string) =>
    call(t.app, 'PUT', '/api/option/', { cookie: root, body: { key: 'UserInvoiceMonth', value } });
  const lines = () =>
    t.app.gw.db
      .selectFrom('invoice_months')
      .selectAll()
      .orderBy('date')
      .orderBy('user_id')
      .orderBy('model_name')
      .execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    alice = await createUser(t.app, root, 'alice');
    bob = await createUser(t.app, root, 'bob');
    const users = await t.app.gw.db.selectFrom('users').select(['id', 'username']).execute();
    aliceId = users.find((user) => user.username === 'alice')?.id ?? 0;
    bobId = users.find((user) => user.username === 'bob')?.id ?? 0;
    const last = monthBounds(lastMonth);
    const before = monthBounds(monthBeforeLast);
    // Given alice's use of two models last month (one log on its very first second), one model the month
    // before, bob's use last month, a top-up (not a charge), and use this month (not over yet).
    await consume(aliceId, last.start, 'gpt-4', 300);
    await consume(aliceId, last.start + 86_400, 'gpt-4', 200);
    await consume(aliceId, last.end - 1, 'claude', 7);
    await consume(aliceId, before.start + 3600, 'gpt-4', 1000);
    await consume(bobId, last.start + 7200, 'gpt-4', 999);
    await insertLog(t.app.gw.db, {
      userId: aliceId,
      type: LOG_TYPE.topup,
      content: '',
      quota: 5000,
      createdAt: last.start + 10,
    });
    await consume(aliceId, last.end, 'gpt-4', 77);
  });
  afterAll(() => t.close());

  it('Given bills are off, When a user asks for them, Then they are refused and nothing is made', async () => {
    const list = await call(t.app, 'GET', '/api/user/invoice', { cookie: alice });
    expect(list.body).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: zh('billing.invoices.errors.disabled'),
    });
    const detail = await call(t.app, 'GET', `/api/user/invoice/detail?date=${lastMonth}`, { cookie: alice });
    expect(detail.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await lines()).toEqual([]);
    const status = await call(t.app, 'GET', '/api/status');
    expect(status.body.data.UserInvoiceMonth).toBe(false);
  });

  it('Given a past month, When root makes it twice, Then its lines are made once from its consume logs', async () => {
    const made = await call(t.app, 'POST', `/api/option/invoice/gen/${lastMonth}`, { cookie: root });
    expect(made.body).toEqual({
      success: true,
      message: zh('billing.invoices.messages.generated', { month }),
    });
    const again = await call(t.app, 'POST', `/api/option/invoice/gen/${lastMonth.slice(0, 7)}-20`, {
      cookie: root,
    });
    expect(again.body.message).toBe(zh('billing.invoices.messages.exists', { month }));
    expect(await lines()).toEqual([
      {
        date: lastMonth,
        user_id: aliceId,
        model_name: 'claude',
        request_count: 1,
        quota: 7,
        prompt_tokens: 100,
        completion_tokens: 20,
        request_time: 1500,
      },
      {
        date: lastMonth,
        user_id: aliceId,
        model_name: 'gpt-4',
        request_count: 2,
        quota: 500,
        prompt_tokens: 200,
        completion_tokens: 40,
        request_time: 3000,
      },
      {
        date: lastMonth,
        user_id: bobId,
        model_name: 'gpt-4',
        request_count: 1,
        quota: 999,
        prompt_tokens: 100,
        completion_tokens: 20,
        request_time: 1500,
      },
    ]);
  });

  it('When root asks for this month, a bad date or is not root, Then it is refused and nothing changes', async () => {
    const before = await lines();
    const thisMonth = new Date();
    const current = `${thisMonth.getFullYear()}-${String(thisMonth.getMonth() + 1).padStart(2, '0')}-01`;
    const refused = await call(t.app, 'POST', `/api/option/invoice/gen/${current}`, { cookie: root });
    expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(refused.body.message).toBe(
      zh('billing.invoices.errors.not_over', { field: 'time', month: current.slice(0, 7) }),
    );
    expect(refused.body.errors?.[0]?.field).toBe('time');
    for (const bad of ['2024-13-01', '2024-02-30', 'last-month']) {
      const reply = await call(t.app, 'POST', `/api/option/invoice/update/${bad}`, { cookie: root });
      expect(reply.body, bad).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    const asUser = await call(t.app, 'POST', `/api/option/invoice/update/${lastMonth}`, { cookie: alice });
    expect(asUser.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await lines()).toEqual(before);
  });

  it('Given bills are on, When alice lists hers, Then she gets her months summed, in the order asked', async () => {
    expect((await setOption('true')).body.success).toBe(true);
    await call(t.app, 'POST', `/api/option/invoice/gen/${monthBeforeLast}`, { cookie: root });
    // The fixed path wins over `/api/user/:id`, with and without the trailing slash.
    for (const path of ['/api/user/invoice', '/api/user/invoice/']) {
      const reply = await call(t.app, 'GET', path, { cookie: alice });
      expect(reply.body.success, path).toBe(true);
      const page = pagedSchema(invoiceMonthSchema).parse(reply.body.data);
      expect(page).toMatchObject({ page: 1, size: 10, total_count: 2 });
      expect(page.data).toEqual([
        {
          date: lastMonth,
          request_count: 3,
          quota: 507,
          prompt_tokens: 300,
          completion_tokens: 60,
          request_time: 4500,
        },
        {
          date: monthBeforeLast,
          request_count: 1,
          quota: 1000,
          prompt_tokens: 100,
          completion_tokens: 20,
          request_time: 1500,
        },
      ]);
    }
    const byQuota = await call(t.app, 'GET', '/api/user/invoice?order=quota', { cookie: alice });
    expect(byQuota.body.data.data.map((row: { quota: number }) => row.quota)).toEqual([507, 1000]);
    // one-hub sorts an unknown field by date instead of refusing it.
    const unknown = await call(t.app, 'GET', '/api/user/invoice?order=-nonsense&size=1&page=2', {
      cookie: alice,
    });
    expect(unknown.body.data).toMatchObject({ page: 2, size: 1, total_count: 2 });
    expect(unknown.body.data.data[0].date).toBe(monthBeforeLast);
    const tooLarge = await call(t.app, 'GET', '/api/user/invoice?size=101', { cookie: alice });
    expect(tooLarge.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const bobs = await call(t.app, 'GET', '/api/user/invoice', { cookie: bob });
    expect(bobs.body.data.data).toEqual([expect.objectContaining({ date: lastMonth, quota: 999 })]);
    expect(bobs.body.data.total_count).toBe(1);
  });

  it("When alice opens a month, Then she gets her lines per model with the month's date", async () => {
    const reply = await call(t.app, 'GET', `/api/user/invoice/detail?date=${lastMonth.slice(0, 7)}-09`, {
      cookie: alice,
    });
    expect(reply.body.success).toBe(true);
    const rows = reply.body.data.map((row: unknown) => invoiceModelRowSchema.parse(row));
    expect(
      rows.map((row: { model_name: string; date: string; quota: number }) => [
        row.model_name,
        row.date,
        row.quota,
      ]),
    ).toEqual([
      ['claude', lastMonth, 7],
      ['gpt-4', lastMonth, 500],
    ]);
    expect(reply.body.data[0]).not.toHaveProperty('user_id');
    const none = await call(t.app, 'GET', '/api/user/invoice/detail?date=2001-01-01', { cookie: alice });
    expect(none.body).toEqual({ success: true, message: '', data: [] });
    const bad = await call(t.app, 'GET', '/api/user/invoice/detail?date=May', { cookie: alice });
    expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const anonymous = await call(t.app, 'GET', '/api/user/invoice');
    expect(anonymous.status).toBe(401);
  });

  it('Given more use is logged late, When root makes the month again, Then its lines are replaced, not added', async () => {
    await consume(bobId, monthBounds(lastMonth).start + 60, 'gpt-4', 1);
    const reply = await call(t.app, 'POST', `/api/option/invoice/update/${lastMonth}`, { cookie: root });
    expect(reply.body).toEqual({
      success: true,
      message: zh('billing.invoices.messages.regenerated', { month }),
    });
    const bobLines = (await lines()).filter((line) => line.user_id === bobId);
    expect(bobLines).toEqual([expect.objectContaining({ date: lastMonth, request_count: 2, quota: 1000 })]);
  });

  it('Given several processes, When they make the same month at once, Then exactly one makes it, once', async () => {
    const raced = monthBefore(monthBeforeLast);
    await consume(aliceId, monthBounds(raced).start + 5, 'o1', 42);
    // Three real processes, each with its own connection, start making the month at the same instant.
    const startAt = Date.now() + 1500;
    const answers = await Promise.all([0, 1, 2].map(() => runMaker(t.url, raced, startAt)));
    expect(answers.filter((answer) => answer.missing)).toHaveLength(1);
    expect(answers.map((answer) => answer.replace)).toEqual([true, true, true]);
    const monthLines = (await lines()).filter((line) => line.date === raced);
    expect(monthLines).toEqual([expect.objectContaining({ user_id: aliceId, model_name: 'o1', quota: 42 })]);
    const runs = await t.app.gw.db
      .selectFrom('invoice_month_runs')
      .select('date')
      .where('date', '=', raced)
      .execute();
    expect(runs).toHaveLength(1);
  });

  it('Given bills are on, When the job runs, Then it makes last month once; while off it makes nothing', async () => {
    const job = createMonthlyInvoiceJob(
      createInvoicesService(createInvoicesRepository(t.app.gw.db, kind), t.app.gw.options),
      t.app.log,
    );
    // A month from two years ago stands for "last month" of a clock set two years back.
    const past = new Date();
    past.setFullYear(past.getFullYear() - 2);
    const target = previousInvoiceMonth(past);
    await consume(bobId, monthBounds(target).start + 1, 'job-model', 11);
    expect((await setOption('false')).body.success).toBe(true);
    expect(await job.runOnce(past)).toBe(false);
    expect((await lines()).some((line) => line.date === target)).toBe(false);
    await setOption('true');
    expect(await job.runOnce(past)).toBe(true);
    expect(await job.runOnce(past)).toBe(false);
    expect((await lines()).filter((line) => line.date === target)).toEqual([
      expect.objectContaining({ user_id: bobId, model_name: 'job-model', quota: 11, request_count: 1 }),
    ]);
  });
});
