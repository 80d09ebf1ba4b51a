import { describe, expect, it } from 'vitest';
import { useWireRecorder } from '../../node/test-support/wire-recorder.js';
import { screenI18nKeys } from '../../screens/screen-model.js';
import { missingLocaleKeys } from '../../screens/test-support/locale-keys.js';
import { fieldErrorsFromZod } from '../../validation/issues.js';
import {
  TELEGRAM_MENU_FORM,
  TELEGRAM_MENU_SCREEN,
  type TelegramMenuValues,
  telegramStatusLabel,
} from './telegram-menus.screen.js';
import { telegramMenuSchema } from './telegram-menus.schema.js';

const menu = telegramMenuSchema.parse({
  id: 4,
  command: 'help',
  description: 'Help',
  parse_mode: 'html',
  reply_message: '<b>Hi</b>',
});

function issues(values: Partial<TelegramMenuValues>): string[] {
  const valid = { command: 'help', description: 'Help', reply_message: 'Hi' };
  const result = TELEGRAM_MENU_FORM.schema.safeParse({ ...TELEGRAM_MENU_FORM.empty(), ...valid, ...values });
  return result.success ? [] : fieldErrorsFromZod(result.error).map((error) => `${error.field}:${error.key}`);
}

const wire = useWireRecorder();

describe('Telegram menu screen (console-screens §22)', () => {
  it('names only keys every locale has, the bot states included', () => {
    const states = [
      { status: true, is_webhook: true },
      { status: true, is_webhook: false },
      { status: false, is_webhook: false },
    ].map((status) => telegramStatusLabel(status).labelKey);
    expect(new Set(states).size).toBe(3);
    expect(missingLocaleKeys([...screenI18nKeys(TELEGRAM_MENU_SCREEN), ...states])).toEqual([]);
  });

  it('saves a new menu with id 0 and an edited one with its id, through the one save call', async () => {
    const values = TELEGRAM_MENU_FORM.fromRow(menu);
    expect(values).toEqual({
      command: 'help',
      description: 'Help',
      parse_mode: 'html',
      reply_message: '<b>Hi</b>',
    });
    expect(TELEGRAM_MENU_FORM.fromRow({ ...menu, parse_mode: 'HTML' }).parse_mode).toBe('MarkdownV2');
    await TELEGRAM_MENU_FORM.create(wire.client, TELEGRAM_MENU_FORM.toInput(values, undefined));
    await TELEGRAM_MENU_FORM.update?.(wire.client, TELEGRAM_MENU_FORM.toInput(values, menu), menu);
    expect(wire.requests.map((request) => [request.method, request.url, request.body])).toEqual([
      ['POST', '/api/option/telegram/', { ...values, id: 0 }],
      ['POST', '/api/option/telegram/', { ...values, id: 4 }],
    ]);
  });

  it.each([
    [{ command: '' }, 'command:validation.required'],
    [{ command: 'Has Space' }, 'command:telegram_menus.errors.command_format'],
    [{ command: 'balance' }, 'command:telegram_menus.errors.command_builtin'],
    [{ description: '' }, 'description:validation.required'],
    [{ reply_message: '' }, 'reply_message:validation.required'],
    [{ parse_mode: 'HTML' as never }, 'parse_mode:validation.invalid_value'],
  ])('refuses %j', (values, expected) => {
    expect(issues(values)).toContain(expected);
  });

  it('shows the bot state, reloads the menu, searches and deletes through the API', async () => {
    wire.answer('GET /api/option/telegram/status', { status: true, is_webhook: false });
    const [bot] = TELEGRAM_MENU_SCREEN.indicators ?? [];
    expect(await bot?.load(wire.client)).toEqual({
      labelKey: 'telegram_menus.bot.online_polling',
      intent: 'success',
    });
    await TELEGRAM_MENU_SCREEN.toolbarActions?.[0]?.run(wire.client, []);
    wire.answer('GET /api/option/telegram/', { data: [menu], page: 1, size: 10, total_count: 1 });
    const page = await TELEGRAM_MENU_SCREEN.list(wire.client, {
      page: 1,
      size: 10,
      order: 'id',
      keyword: 'he',
    });
    expect(page.data[0]?.command).toBe('help');
    await TELEGRAM_MENU_SCREEN.rowActions[0]?.run(wire.client, [menu]);
    expect(wire.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/option/telegram/status',
      'PUT /api/option/telegram/reload',
      'GET /api/option/telegram/?page=1&size=10&order=id&keyword=he',
      'DELETE /api/option/telegram/4',
    ]);
  });

  it('Given the spec, then every column sorts on the server and the reply is edited in at least 5 lines', () => {
    expect(TELEGRAM_MENU_SCREEN.columns.map((column) => column.sortField)).toEqual([
      'id',
      'command',
      'description',
      'parse_mode',
      'reply_message',
    ]);
    const reply = TELEGRAM_MENU_SCREEN.form?.fields.find((field) => field.name === 'reply_message');
    expect(reply?.rows).toBeGreaterThanOrEqual(5);
  });
});
