// The bot menu input rules (contract §2.12, console-spec §5).
import { describe, expect, it } from 'vitest';
import { isBuiltinTelegramCommand, telegramMenuSaveSchema } from './telegram-menus.schema.js';

const valid = { command: 'help', description: 'Help', parse_mode: 'html', reply_message: 'Hi' };

describe('telegramMenuSaveSchema', () => {
  it('creates with id 0 by default and MarkdownV2 when no parse mode is given', () => {
    const { parse_mode: _, ...withoutMode } = valid;
    expect(telegramMenuSaveSchema.parse(withoutMode)).toMatchObject({ id: 0, parse_mode: 'MarkdownV2' });
  });

  it.each([
    [{ ...valid, command: '' }, 'command', 'validation.required'],
    [{ ...valid, command: 'x'.repeat(33) }, 'command', 'validation.max_length'],
    [{ ...valid, command: 'Has Space' }, 'command', 'telegram_menus.errors.command_format'],
    [{ ...valid, command: 'balance' }, 'command', 'telegram_menus.errors.command_builtin'],
    [{ ...valid, description: '' }, 'description', 'validation.required'],
    [{ ...valid, reply_message: '' }, 'reply_message', 'validation.required'],
    [{ ...valid, parse_mode: 'HTML' }, 'parse_mode', 'validation.invalid_value'],
    [{ ...valid, id: -1 }, 'id', 'validation.min_zero'],
  ])('refuses %j at %s', (input, field, message) => {
    const result = telegramMenuSaveSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it('knows the bot’s own commands', () => {
    expect(isBuiltinTelegramCommand('APIKEY')).toBe(true);
    expect(isBuiltinTelegramCommand('help')).toBe(false);
  });
});
