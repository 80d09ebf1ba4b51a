import { z } from 'zod';

/** The reply formats a menu may use (contract §2.12; the console's values). */
export const TELEGRAM_PARSE_MODES = ['MarkdownV2', 'Markdown', 'html'] as const;
export type TelegramParseMode = (typeof TELEGRAM_PARSE_MODES)[number];
/** The commands the bot answers itself; a menu may not take them. */
export const TELEGRAM_BUILTIN_COMMANDS = ['bind', 'unbind', 'balance', 'recharge', 'apikey', 'aff'] as const;
/** Fields the menu list may be sorted by (contract §1.15). */
export const TELEGRAM_MENU_SORT_FIELDS = [
  'id',
  'command',
  'description',
  'parse_mode',
  'reply_message',
] as const;
/** Telegram's own limits: a command of 1–32 of a-z, 0-9 and _, a description of 1–256 characters. */
export const TELEGRAM_COMMAND_MAX_LENGTH = 32;
export const TELEGRAM_DESCRIPTION_MAX_LENGTH = 256;
/** The longest text message Telegram sends. */
export const TELEGRAM_REPLY_MAX_LENGTH = 4096;

/** A bot menu entry as the API returns it (contract §2.12). */
export const telegramMenuSchema = z.looseObject({
  id: z.number().int(),
  command: z.string(),
  description: z.string().default(''),
  parse_mode: z.string().default('MarkdownV2'),
  reply_message: z.string().default(''),
});
export type TelegramMenu = z.output<typeof telegramMenuSchema>;

/** Whether a command is one the bot keeps for itself. */
export function isBuiltinTelegramCommand(command: string): boolean {
  return (TELEGRAM_BUILTIN_COMMANDS as readonly string[]).includes(command.toLowerCase());
}

/** `POST /api/option/telegram` body: `id` 0 or absent creates, any other id updates that menu. */
export const telegramMenuSaveSchema = z.object({
  id: z
    .number({ message: 'validation.integer' })
    .int('validation.integer')
    .min(0, 'validation.min_zero')
    .optional()
    .default(0),
  command: z
    .string({ message: 'validation.required' })
    .min(1, 'validation.required')
    .max(TELEGRAM_COMMAND_MAX_LENGTH, 'validation.max_length')
    .regex(/^[a-z0-9_]+$/, 'telegram_menus.errors.command_format')
    .refine((command) => !isBuiltinTelegramCommand(command), 'telegram_menus.errors.command_builtin'),
  description: z
    .string({ message: 'validation.required' })
    .min(1, 'validation.required')
    .max(TELEGRAM_DESCRIPTION_MAX_LENGTH, 'validation.max_length'),
  parse_mode: z.enum(TELEGRAM_PARSE_MODES, { message: 'validation.invalid_value' }).default('MarkdownV2'),
  reply_message: z
    .string({ message: 'validation.required' })
    .min(1, 'validation.required')
    .max(TELEGRAM_REPLY_MAX_LENGTH, 'validation.max_length'),
});
export type TelegramMenuSave = z.output<typeof telegramMenuSaveSchema>;
export type TelegramMenuSaveInput = z.input<typeof telegramMenuSaveSchema>;

/** `GET /api/option/telegram/status` data: whether the bot runs, and by webhook or polling. */
export const telegramStatusSchema = z.looseObject({
  status: z.boolean().default(false),
  is_webhook: z.boolean().default(false),
});
export type TelegramStatus = z.output<typeof telegramStatusSchema>;
