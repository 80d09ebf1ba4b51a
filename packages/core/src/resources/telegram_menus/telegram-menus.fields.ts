import type { ColumnDef } from '../../format/columns.js';
import type { TelegramMenu } from './telegram-menus.schema.js';

/** The bot menu table's columns (console-screens §22), shared by every face. */
export const TELEGRAM_MENU_COLUMNS: readonly ColumnDef<TelegramMenu>[] = [
  {
    id: 'id',
    titleKey: 'telegram_menus.fields.id',
    sortField: 'id',
    priority: 2,
    value: (menu) => String(menu.id),
  },
  {
    id: 'command',
    titleKey: 'telegram_menus.fields.command',
    sortField: 'command',
    priority: 1,
    value: (menu) => `/${menu.command}`,
  },
  {
    id: 'description',
    titleKey: 'telegram_menus.fields.description',
    sortField: 'description',
    priority: 1,
    value: (menu) => menu.description,
  },
  {
    id: 'parse_mode',
    titleKey: 'telegram_menus.fields.parse_mode',
    sortField: 'parse_mode',
    chip: true,
    chipStyle: () => ({ tone: 'secondary' }),
    priority: 3,
    value: (menu) => menu.parse_mode,
  },
  {
    id: 'reply_message',
    titleKey: 'telegram_menus.fields.reply_message',
    sortField: 'reply_message',
    priority: 4,
    // One line of the reply: tables show a preview, the editor shows the whole text.
    value: (menu) => menu.reply_message.replace(/\s+/g, ' '),
  },
];
