// The Telegram bot menu screen (console-screens §22): the bot's state and "reload menu" in the header,
// keyword search, the menu form (one save call creates or edits) and delete.
import { type FormDef, pagedKeywordQuery, type ScreenDef } from '../../screens/screen-model.js';
import {
  deleteTelegramMenu,
  getTelegramStatus,
  listTelegramMenus,
  reloadTelegramMenus,
  saveTelegramMenu,
} from './telegram-menus.api.js';
import { TELEGRAM_MENU_COLUMNS } from './telegram-menus.fields.js';
import {
  TELEGRAM_PARSE_MODES,
  type TelegramMenu,
  type TelegramMenuSaveInput,
  type TelegramParseMode,
  type TelegramStatus,
  telegramMenuSaveSchema,
} from './telegram-menus.schema.js';

/** What the menu form edits. */
export interface TelegramMenuValues {
  command: string;
  description: string;
  parse_mode: TelegramParseMode;
  reply_message: string;
}

/** The i18n key and intent of the bot's state chip ("Online (Webhook)"). */
export function telegramStatusLabel(status: TelegramStatus): {
  labelKey: string;
  intent: 'success' | 'danger';
} {
  if (!status.status) return { labelKey: 'telegram_menus.bot.offline', intent: 'danger' };
  return {
    labelKey: status.is_webhook ? 'telegram_menus.bot.online_webhook' : 'telegram_menus.bot.online_polling',
    intent: 'success',
  };
}

const parseMode = (mode: string): TelegramParseMode =>
  (TELEGRAM_PARSE_MODES as readonly string[]).includes(mode) ? (mode as TelegramParseMode) : 'MarkdownV2';

export const TELEGRAM_MENU_FORM: FormDef<TelegramMenu, TelegramMenuValues, TelegramMenuSaveInput> = {
  fields: [
    {
      name: 'command',
      kind: 'text',
      labelKey: 'telegram_menus.fields.command',
      helpKey: 'telegram_menus.form.command_help',
      required: true,
    },
    { name: 'description', kind: 'text', labelKey: 'telegram_menus.fields.description', required: true },
    {
      name: 'parse_mode',
      kind: 'select',
      labelKey: 'telegram_menus.fields.parse_mode',
      options: TELEGRAM_PARSE_MODES.map((mode) => ({ value: mode, label: mode })),
      required: true,
    },
    {
      name: 'reply_message',
      kind: 'textarea',
      rows: 6,
      labelKey: 'telegram_menus.fields.reply_message',
      helpKey: 'telegram_menus.form.reply_help',
      required: true,
    },
  ],
  // The id is the row's, never the form's.
  schema: telegramMenuSaveSchema.omit({ id: true }),
  empty: () => ({ command: '', description: '', parse_mode: 'MarkdownV2', reply_message: '' }),
  fromRow: (menu) => ({
    command: menu.command,
    description: menu.description,
    // A stored mode the form does not offer becomes the default, which the server accepts.
    parse_mode: parseMode(menu.parse_mode),
    reply_message: menu.reply_message,
  }),
  toInput: (values, menu) => ({ ...values, id: menu?.id ?? 0 }),
  create: (client, input) => saveTelegramMenu(client, input),
  update: (client, input) => saveTelegramMenu(client, input),
  doneKey: 'telegram_menus.saved',
};

export const TELEGRAM_MENU_SCREEN: ScreenDef<TelegramMenu, TelegramMenuValues, TelegramMenuSaveInput> = {
  id: 'telegram',
  titleKey: 'telegram_menus.title',
  entity: 'telegram_menus',
  rowKey: (menu) => menu.id,
  rowName: (menu) => `/${menu.command}`,
  columns: TELEGRAM_MENU_COLUMNS,
  list: (client, query) => listTelegramMenus(client, pagedKeywordQuery(query)),
  filters: [
    {
      name: 'keyword',
      kind: 'keyword',
      labelKey: 'common.search',
      placeholderKey: 'telegram_menus.filters.keyword_placeholder',
    },
  ],
  defaultOrder: 'id',
  pageSizeKey: 'telegram',
  emptyKey: 'telegram_menus.empty',
  noticeKey: 'telegram_menus.notice',
  indicators: [{ id: 'bot', load: async (client) => telegramStatusLabel(await getTelegramStatus(client)) }],
  toolbarActions: [
    {
      id: 'reload',
      labelKey: 'telegram_menus.reload',
      // Not the list's own refresh icon: on a phone the toolbar shows icons only.
      icon: 'repeat',
      run: (client) => reloadTelegramMenus(client),
      doneKey: 'telegram_menus.reloaded',
    },
  ],
  rowActions: [
    {
      id: 'delete',
      labelKey: 'common.delete',
      icon: 'trash',
      intent: 'danger',
      confirmKey: 'telegram_menus.confirm_delete',
      run: async (client, menus) => {
        for (const menu of menus) await deleteTelegramMenu(client, menu.id);
      },
      doneKey: 'telegram_menus.deleted',
    },
  ],
  form: TELEGRAM_MENU_FORM,
  editable: true,
};
