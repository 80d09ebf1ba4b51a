import { Option } from 'commander';
import type { FilterDef } from '@gw/core';
import { parseDateTimeText, parseIntegerText } from '../input/values.js';
import type { CliContext } from '../runtime/context.js';
import { chooseOption, choicesHelp } from './choices.js';
import { flagWord } from './field-flags.js';

/** One list filter offered as a flag. */
export interface FilterFlag {
  filter: FilterDef;
  flag: string;
  option: Option;
  /** The query value typed, or undefined when the flag was not given. */
  read(opts: Record<string, unknown>): string | number | undefined;
}

const DURATION_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** A time typed for a filter: a date and time, or how long ago (`30m`, `24h`, `7d`). */
export function parseFilterTime(text: string, flag: string, now = Math.floor(Date.now() / 1000)): number {
  const ago = /^(\d+)([smhdw])$/.exec(text.trim());
  if (ago) return now - Number(ago[1]) * (DURATION_SECONDS[ago[2] ?? 's'] ?? 1);
  return parseDateTimeText(text, flag);
}

/** The flags of a screen's filters: every filter the console offers, each parsed by its kind. */
export function filterFlags(
  ctx: CliContext,
  filters: readonly FilterDef[],
  names: Partial<Record<string, string>> = {},
): FilterFlag[] {
  return filters.map((filter) => {
    const flag = `--${names[filter.name] ?? flagWord(filter.name)}`;
    const options = filter.options ?? [];
    const choices = choicesHelp(ctx, options);
    let help = choices ? `${ctx.t(filter.labelKey)} · ${choices}` : ctx.t(filter.labelKey);
    if (filter.kind === 'datetime') help = `${help} · ${ctx.t('cli.flags.since_format')}`;
    const placeholder = filter.kind === 'int' ? '<n>' : filter.kind === 'datetime' ? '<time>' : '<text>';
    const option = new Option(`${flag} ${placeholder}`, help);
    return {
      filter,
      flag,
      option,
      read: (opts) => {
        const raw = opts[option.attributeName()];
        if (raw === undefined) return undefined;
        const text = String(raw);
        if (filter.kind === 'int') return parseIntegerText(text, flag);
        if (filter.kind === 'datetime') return parseFilterTime(text, flag);
        if (filter.kind === 'select' && options.length > 0) return chooseOption(ctx, flag, options, text);
        return text;
      },
    };
  });
}
