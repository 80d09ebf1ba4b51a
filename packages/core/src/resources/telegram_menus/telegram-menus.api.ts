import type { ApiClient } from '../../http/client.js';
import { type ListQuery, type Paged, pagedSchema } from '../../http/envelope.js';
import {
  type TelegramMenu,
  type TelegramMenuSaveInput,
  type TelegramStatus,
  telegramMenuSaveSchema,
  telegramMenuSchema,
  telegramStatusSchema,
} from './telegram-menus.schema.js';

export const telegramMenuPageSchema = pagedSchema(telegramMenuSchema);

/** Lists the bot menus (root): page, size, order (id, command), keyword = id or command prefix. */
export function listTelegramMenus(client: ApiClient, query: ListQuery = {}): Promise<Paged<TelegramMenu>> {
  return client.request('GET', '/api/option/telegram/', telegramMenuPageSchema, { query: { ...query } });
}

/** Reads one bot menu. */
export function getTelegramMenu(client: ApiClient, id: number): Promise<TelegramMenu> {
  return client.request('GET', `/api/option/telegram/${id}`, telegramMenuSchema);
}

/**
 * Creates (id 0 or absent) or updates a bot menu; returns the server's message ("添加成功" or
 * "修改成功" in its language).
 */
export async function saveTelegramMenu(client: ApiClient, input: TelegramMenuSaveInput): Promise<string> {
  const envelope = await client.send('POST', '/api/option/telegram/', {
    body: telegramMenuSaveSchema.parse(input),
  });
  return envelope.message;
}

/** Deletes a bot menu. */
export async function deleteTelegramMenu(client: ApiClient, id: number): Promise<void> {
  await client.send('DELETE', `/api/option/telegram/${id}`);
}

/** Whether the bot runs, and whether by webhook. */
export function getTelegramStatus(client: ApiClient): Promise<TelegramStatus> {
  return client.request('GET', '/api/option/telegram/status', telegramStatusSchema);
}

/** Reloads the bot's command menu from the stored menus; returns the server's message. */
export async function reloadTelegramMenus(client: ApiClient): Promise<string> {
  return (await client.send('PUT', '/api/option/telegram/reload')).message;
}
