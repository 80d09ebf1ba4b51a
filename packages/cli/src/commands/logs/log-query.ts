import { LOG_SCREEN, type ScreenQuery } from '@gw/core';
import type { Command } from 'commander';
import { type FilterFlag, filterFlags } from '../../resource/filter-flags.js';
import type { CliContext } from '../../runtime/context.js';

/** The time range as `--since` and `--until` (a time, or how long ago: `24h`), as gh and journalctl say it. */
export const LOG_FLAG_NAMES: Partial<Record<string, string>> = {
  start_timestamp: 'since',
  end_timestamp: 'until',
};

/** The log filters as flags (the same as `logs list`), added to a command. */
export function logFilterFlags(ctx: CliContext, command: Command): FilterFlag[] {
  const flags = filterFlags(ctx, LOG_SCREEN.filters, LOG_FLAG_NAMES);
  for (const flag of flags) command.addOption(flag.option);
  return flags;
}

/** The screen query of the typed filters (the end of the range defaults to an hour from now, as the web). */
export function logFilterQuery(flags: readonly FilterFlag[], opts: Record<string, unknown>): ScreenQuery {
  const query: ScreenQuery = { page: 1, size: 1, order: LOG_SCREEN.defaultOrder };
  for (const flag of flags) {
    const value = flag.read(opts);
    if (value !== undefined) query[flag.filter.name] = value;
    else if (flag.filter.defaultValue) query[flag.filter.name] = flag.filter.defaultValue();
  }
  return query;
}
