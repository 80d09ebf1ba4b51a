// Core's Telegram menu calls against a real gw server on loopback: every reply parsed by its schema.
import {
  type ApiClient,
  deleteTelegramMenu,
  GwApiError,
  getTelegramMenu,
  getTelegramStatus,
  listTelegramMenus,
  reloadTelegramMenus,
  saveTelegramMenu,
  TELEGRAM_MENU_COLUMNS,
  translate,
} from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app.js';
import { startClientApp } from '../../test-support/client-app.js';

describe('core Telegram menu client against gw', () => {
  let t: TestApp;
  let client: ApiClient;
  beforeAll(async () => {
    ({ t, client } = await startClientApp());
  });
  afterAll(() => t.close());

  it('creates, lists, reads, updates and deletes a menu', async () => {
    const base = { command: 'help', description: 'Help', reply_message: 'Ask away' };
    expect(await saveTelegramMenu(client, base)).toBe('添加成功');
    const page = await listTelegramMenus(client, { keyword: 'he' });
    expect(page.total_count).toBe(1);
    const [menu] = page.data;
    if (!menu) throw new Error('menu not listed');
    expect(menu).toMatchObject({ command: 'help', parse_mode: 'MarkdownV2' });
    expect(await saveTelegramMenu(client, { ...base, id: menu.id, parse_mode: 'html' })).toBe('修改成功');
    expect((await getTelegramMenu(client, menu.id)).parse_mode).toBe('html');
    const english = (key: string) => translate('en_US', key);
    const cells = TELEGRAM_MENU_COLUMNS.map((column) =>
      column.value(menu, {
        t: english,
        quota: { quotaPerUnit: 500000, displayInCurrency: true },
        time: String,
      } as never),
    );
    expect(cells).toEqual([String(menu.id), '/help', 'Help', 'MarkdownV2', 'Ask away']);
    await deleteTelegramMenu(client, menu.id);
    expect((await listTelegramMenus(client)).data).toEqual([]);
  });

  it('reads the bot status and reloads', async () => {
    expect(await getTelegramStatus(client)).toEqual({ status: false, is_webhook: false });
    expect(await reloadTelegramMenus(client)).toBe('重载成功');
  });

  it('refuses a built-in command before sending it', async () => {
    const error = await saveTelegramMenu(client, {
      command: 'bind',
      description: 'x',
      reply_message: 'x',
    }).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(GwApiError);
    expect(error).toBeInstanceOf(Error);
  });
});
