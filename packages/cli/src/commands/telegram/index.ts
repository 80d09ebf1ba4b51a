import type { Command } from 'commander';
import {
  getTelegramMenu,
  TELEGRAM_MENU_SCREEN,
  type TelegramMenu,
  type TelegramMenuSaveInput,
  type TelegramMenuValues,
  telegramMenuSchema,
} from '@gw/core';
import { resourceCommand } from '../../resource/resource-command.js';
import { byNumericId, type ResourceSpec, schemaFields } from '../../resource/resource-spec.js';
import type { CliContext } from '../../runtime/context.js';

/** The Telegram bot's menus (console-screens §22); `reload` pushes them to the bot, `status` shows the bot. */
export const TELEGRAM_SPEC: ResourceSpec<TelegramMenu, TelegramMenuValues, TelegramMenuSaveInput> = {
  name: 'telegram',
  aliases: ['tg'],
  screen: TELEGRAM_MENU_SCREEN,
  get: byNumericId(getTelegramMenu),
  jsonFields: schemaFields(telegramMenuSchema),
  toolbarVerbs: { reload: 'reload' },
};

/** `gw telegram` (alias `tg`). */
export function buildCommand(ctx: CliContext): Command {
  return resourceCommand(ctx, TELEGRAM_SPEC, 'cli.telegram.description');
}
