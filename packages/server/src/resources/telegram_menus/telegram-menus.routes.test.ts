// /api/option/telegram/* (contract §1.15, §2.12) on every configured dialect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { call, ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../../test-support/test-app.js';

const menu = (command: string, extra: Record<string, unknown> = {}) => ({
  command,
  description: `About ${command}`,
  parse_mode: 'MarkdownV2',
  reply_message: `Reply of ${command}`,
  ...extra,
});

describe.each(TEST_DIALECTS)('telegram menus on %s', (kind) => {
  let t: TestApp;
  let root: string;
  const rows = () => t.app.gw.db.selectFrom('telegram_menus').selectAll().orderBy('id').execute();
  const save = (body: unknown) => call(t.app, 'POST', '/api/option/telegram/', { cookie: root, body });

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
  });
  afterAll(() => t.close());

  it('creates menus with one-hub’s message and answers the stored menu', async () => {
    const reply = await save(menu('help'));
    expect(reply.body).toMatchObject({ success: true, message: '添加成功', data: { command: 'help' } });
    for (const command of ['start', 'prices', 'pricexlist']) {
      expect((await save(menu(command))).body.success).toBe(true);
    }
    expect((await rows()).map((row) => row.command)).toEqual(['help', 'start', 'prices', 'pricexlist']);
  });

  it('lists with paging, sorting and keyword = id or command prefix', async () => {
    const all = await rows();
    const list = async (query: string) =>
      (await call(t.app, 'GET', `/api/option/telegram/?${query}`, { cookie: root })).body;
    const firstPage = await list('page=1&size=2');
    expect(firstPage.data).toMatchObject({ page: 1, size: 2, total_count: 4 });
    expect(firstPage.data.data.map((row: { id: number }) => row.id)).toEqual([all[3]?.id, all[2]?.id]);
    const byCommand = await list('order=command');
    expect(byCommand.data.data.map((row: { command: string }) => row.command)).toEqual([
      'help',
      'prices',
      'pricexlist',
      'start',
    ]);
    expect((await list('keyword=pri')).data.total_count).toBe(2);
    // `_` is not a wildcard in the prefix: "price_" does not match "pricexlist".
    expect((await list('keyword=price_')).data.total_count).toBe(0);
    expect((await list('keyword=pricex')).data.total_count).toBe(1);
    expect(
      (await list(`keyword=${all[1]?.id}`)).data.data.map((row: { command: string }) => row.command),
    ).toEqual(['start']);
    // Every column of the console's table sorts (spec §22); a field outside them is refused.
    expect((await list('order=-reply_message')).success).toBe(true);
    expect((await list('order=description')).data.total_count).toBe(4);
    expect((await list('order=created_by')).success).toBe(false);
    expect((await list('size=101')).success).toBe(false);
  });

  it('gets and updates a menu by id, with the trailing slash or without', async () => {
    const [first] = await rows();
    const got = await call(t.app, 'GET', `/api/option/telegram/${first?.id}`, { cookie: root });
    expect(got.body.data).toEqual({
      id: first?.id,
      command: 'help',
      description: 'About help',
      parse_mode: 'MarkdownV2',
      reply_message: 'Reply of help',
    });
    const updated = await call(t.app, 'POST', '/api/option/telegram', {
      cookie: root,
      body: menu('helpme', { id: first?.id, parse_mode: 'html', reply_message: '<b>Hi</b>' }),
    });
    expect(updated.body).toMatchObject({ success: true, message: '修改成功' });
    expect((await rows())[0]).toMatchObject({
      command: 'helpme',
      parse_mode: 'html',
      reply_message: '<b>Hi</b>',
    });
  });

  it.each([
    ['missing command', { description: 'd', reply_message: 'r' }, 'command'],
    ['command of 33 characters', menu('c'.repeat(33)), 'command'],
    ['command with spaces', menu('two words'), 'command'],
    ['built-in command', menu('bind'), 'command'],
    ['built-in command in capitals', menu('APIKEY'), 'command'],
    ['command of the wrong type', menu('x', { command: 12 }), 'command'],
    ['missing description', menu('nodesc', { description: '' }), 'description'],
    ['oversized description', menu('longdesc', { description: 'd'.repeat(257) }), 'description'],
    ['missing reply', menu('noreply', { reply_message: '   ' }), 'reply_message'],
    ['oversized reply', menu('longreply', { reply_message: 'r'.repeat(4097) }), 'reply_message'],
    ['unknown parse mode', menu('mode', { parse_mode: 'HTML5' }), 'parse_mode'],
    ['negative id', menu('neg', { id: -3 }), 'id'],
    ['fractional id', menu('frac', { id: 1.5 }), 'id'],
  ])('refuses a %s and changes nothing', async (_name, body, field) => {
    const before = await rows();
    const reply = await save(body);
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toMatch(/\S/);
    expect(reply.body.errors?.map((error: { field: string }) => error.field)).toContain(field);
    expect(await rows()).toEqual(before);
  });

  it('refuses a command another menu has, on create and on update', async () => {
    const before = await rows();
    const created = await save(menu('start'));
    expect(created.body).toMatchObject({ success: false, code: 'CONFLICT', message: '命令 start 已存在' });
    const renamed = await save(menu('start', { id: before[0]?.id }));
    expect(renamed.body.success).toBe(false);
    expect(await rows()).toEqual(before);
  });

  it('refuses to update or read a menu that does not exist', async () => {
    const before = await rows();
    expect((await save(menu('ghost', { id: 9999 }))).body).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
    });
    expect((await call(t.app, 'GET', '/api/option/telegram/9999', { cookie: root })).body.code).toBe(
      'NOT_FOUND',
    );
    expect(await rows()).toEqual(before);
  });

  it('reports the bot as not running and reloads with one-hub’s message', async () => {
    const status = await call(t.app, 'GET', '/api/option/telegram/status', { cookie: root });
    expect(status.body).toEqual({ success: true, message: '', data: { status: false, is_webhook: false } });
    const reload = await call(t.app, 'PUT', '/api/option/telegram/reload', { cookie: root });
    expect(reload.body).toEqual({ success: true, message: '重载成功' });
  });

  it('refuses to reload when a stored menu is one Telegram would not take', async () => {
    await t.app.gw.db
      .insertInto('telegram_menus')
      .values({ command: 'Bad Command', description: 'x', parse_mode: 'MarkdownV2', reply_message: 'x' })
      .execute();
    const reload = await call(t.app, 'PUT', '/api/option/telegram/reload', { cookie: root });
    expect(reload.body.success).toBe(false);
    expect(reload.body.message).toContain('Bad Command');
    await t.app.gw.db.deleteFrom('telegram_menus').where('command', '=', 'Bad Command').execute();
  });

  it('deletes a menu with one-hub’s message, and a second delete finds nothing', async () => {
    const [first, ...rest] = await rows();
    const deleted = await call(t.app, 'DELETE', `/api/option/telegram/${first?.id}`, { cookie: root });
    expect(deleted.body).toEqual({ success: true, message: '删除成功' });
    expect(await rows()).toEqual(rest);
    const again = await call(t.app, 'DELETE', `/api/option/telegram/${first?.id}`, { cookie: root });
    expect(again.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
