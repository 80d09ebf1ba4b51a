import type { FieldOption } from '@gw/core';
import { CliError } from '../output/cli-error.js';
import type { CliContext } from '../runtime/context.js';

/** Most choices a flag's help lists; longer lists are left to a verb of their own. */
const HELP_CHOICES = 12;

/** A choice's label in the user's language (or as it is, for a model or group name). */
export function optionLabel(ctx: CliContext, option: FieldOption): string {
  return option.label ?? (option.labelKey ? ctx.t(option.labelKey) : String(option.value));
}

/** The choices a user can type: the "all" choice (value '') is what leaving the flag out means. */
function typeable(options: readonly FieldOption[]): FieldOption[] {
  return options.filter((option) => option.value !== '');
}

/** Typed text as one of the choices: by value, or by its label in the user's language. */
export function chooseOption(
  ctx: CliContext,
  flag: string,
  options: readonly FieldOption[],
  text: string,
): string | number {
  const wanted = text.trim().toLowerCase();
  const choices = typeable(options);
  const match =
    choices.find((option) => String(option.value).toLowerCase() === wanted) ??
    choices.find((option) => optionLabel(ctx, option).toLowerCase() === wanted);
  if (match) return match.value;
  const listed = choices.map((option) => `${option.value} (${optionLabel(ctx, option)})`).join(', ');
  throw new CliError('usage', 'cli.errors.bad_choice', { flag, value: text, choices: listed });
}

/** `choices: 1=OpenAI, 3=Azure` for a flag's help, when the list is short enough to read there. */
export function choicesHelp(
  ctx: CliContext,
  options: readonly FieldOption[] | undefined,
): string | undefined {
  const choices = typeable(options ?? []);
  if (choices.length === 0 || choices.length > HELP_CHOICES) return undefined;
  const listed = choices.map((option) => `${option.value}=${optionLabel(ctx, option)}`).join(', ');
  return ctx.t('cli.flags.choices', { choices: listed });
}
