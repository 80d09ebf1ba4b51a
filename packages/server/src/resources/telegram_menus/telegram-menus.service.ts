// Telegram menu rules (contract §1.15, §2.12): commands unique and not built in; the bot itself comes
// in a later issue, so status is "not running" and reload only checks the stored menus.
import {
  type TelegramMenu,
  TELEGRAM_MENU_SORT_FIELDS,
  type TelegramMenuSave,
  type TelegramStatus,
  telegramMenuSaveSchema,
} from '@gw/core';
import { ApiFailure, notFound } from '../../shared/api-failure.js';
import { listRequest } from '../../shared/listing.js';
import type { StoredTelegramMenu, TelegramMenusRepository } from './telegram-menus.repository.js';

const NOT_FOUND = 'telegram_menus.errors.not_found';

function menuFromRow(row: StoredTelegramMenu): TelegramMenu {
  return {
    id: row.id,
    command: row.command,
    description: row.description,
    parse_mode: row.parse_mode,
    reply_message: row.reply_message,
  };
}

function commandTaken(command: string): ApiFailure {
  return new ApiFailure('CONFLICT', 'telegram_menus.errors.command_taken', {
    params: { command },
    fields: [
      {
        field: 'command',
        key: 'telegram_menus.errors.command_taken',
        message: 'telegram_menus.errors.command_taken',
        params: { command },
      },
    ],
  });
}

/** The menu rules over a repository. */
export function createTelegramMenusService(menus: TelegramMenusRepository) {
  async function existing(id: number): Promise<StoredTelegramMenu> {
    const row = await menus.find(id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  return {
    async list(query: { page: number; size: number; order: string; keyword: string }) {
      const request = listRequest(query, TELEGRAM_MENU_SORT_FIELDS);
      const { rows, total } = await menus.list(request);
      return { data: rows.map(menuFromRow), page: request.page, size: request.size, total_count: total };
    },

    async get(id: number): Promise<TelegramMenu> {
      return menuFromRow(await existing(id));
    },

    /** Creates (id 0) or updates a menu; answers whether it was created and the stored menu. */
    async save(input: TelegramMenuSave): Promise<{ created: boolean; menu: TelegramMenu }> {
      const values = {
        command: input.command,
        description: input.description,
        parse_mode: input.parse_mode,
        reply_message: input.reply_message,
      };
      if (input.id > 0) await existing(input.id);
      const clash = await menus.findByCommand(input.command);
      if (clash && clash.id !== input.id) throw commandTaken(input.command);
      if (input.id > 0) {
        await menus.update(input.id, values);
        return { created: false, menu: await this.get(input.id) };
      }
      let id: number;
      try {
        id = await menus.insert(values);
      } catch (error) {
        // Two saves of one new command at once: the unique index refuses the second.
        if (await menus.findByCommand(input.command)) throw commandTaken(input.command);
        throw error;
      }
      return { created: true, menu: await this.get(id) };
    },

    async delete(id: number): Promise<void> {
      if ((await menus.delete(id)) === 0) throw notFound(NOT_FOUND);
    },

    /** The bot does not exist yet: never running. */
    status(): TelegramStatus {
      return { status: false, is_webhook: false };
    },

    /** Checks that every stored menu is one Telegram would accept (rows may come from a one-hub import). */
    async reload(): Promise<void> {
      for (const row of await menus.all()) {
        const result = telegramMenuSaveSchema.safeParse(menuFromRow(row));
        if (!result.success) {
          throw new ApiFailure('FAILED', 'telegram_menus.errors.stored_invalid', {
            params: { command: row.command, id: row.id },
          });
        }
      }
    },
  };
}

export type TelegramMenusService = ReturnType<typeof createTelegramMenusService>;
