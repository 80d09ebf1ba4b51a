import { Command } from 'commander';
import { runTuiCommand } from '../../lazy/tui.js';
import type { CliContext } from '../../runtime/context.js';

/** `gw tui`: the terminal console. */
export function buildCommand(ctx: CliContext): Command {
  return new Command('tui')
    .description(ctx.t('cli.tui.description'))
    .option('--read-only', ctx.t('tui.read_only_flag'))
    .action((options: { readOnly?: boolean }) => runTuiCommand(ctx, { readOnly: options.readOnly === true }));
}
