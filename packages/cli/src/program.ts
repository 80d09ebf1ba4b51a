import { Command, type Help } from 'commander';
import { GW_VERSION } from '@gw/core';
import { authCommand, authTopLevelCommands } from './commands/auth/index.js';
import { helpCommand } from './commands/help/index.js';
import { statusCommand } from './commands/status/index.js';
import { tokensCommand } from './commands/tokens/index.js';
import { runServe } from './lazy/serve.js';
import { runTuiCommand } from './lazy/tui.js';
import { parseInteger } from './runtime/args.js';
import type { CliContext } from './runtime/context.js';

const HELP_TITLES: Record<string, string> = {
  'Usage:': 'cli.help.usage',
  'Options:': 'cli.help.options',
  'Commands:': 'cli.help.commands',
  'Arguments:': 'cli.help.arguments',
  'Global Options:': 'cli.help.global_options',
};

/** Commander's help with its section titles in the user's language. */
function localizedHelp(ctx: CliContext): Partial<Help> {
  return {
    styleTitle: (title: string) => {
      const key = HELP_TITLES[title];
      return ctx.paint('bold', key ? ctx.t(key) : title);
    },
  };
}

/** Settings every command needs; `addCommand` does not pass them down, so they are applied to the tree. */
function configureTree(ctx: CliContext, command: Command): void {
  command
    .exitOverride()
    .helpCommand(false)
    .helpOption('-h, --help', ctx.t('cli.flags.help'))
    .configureHelp(localizedHelp(ctx))
    .showSuggestionAfterError()
    .configureOutput({
      writeOut: (text) => ctx.write(text),
      writeErr: (text) => ctx.streams.stderr.write(text),
      outputError: (text, write) => write(ctx.paintErr('red', text)),
    });
  for (const child of command.commands) configureTree(ctx, child);
}

function serveCommand(ctx: CliContext): Command {
  return new Command('serve')
    .description(ctx.t('cli.serve.description'))
    .option('--port <n>', ctx.t('cli.serve.port'))
    .option('--host <host>', ctx.t('cli.serve.host'))
    .action(async (flags: { port?: string; host?: string }) => {
      const port = flags.port === undefined ? undefined : parseInteger(flags.port, '--port', 0, 65_535);
      await runServe(ctx, { port, host: flags.host });
    });
}

function tuiCommand(ctx: CliContext): Command {
  return new Command('tui')
    .description(ctx.t('cli.tui.description'))
    .option('--read-only', ctx.t('tui.read_only_flag'))
    .action((options: { readOnly?: boolean }) => runTuiCommand(ctx, { readOnly: options.readOnly === true }));
}

/** The `gw` command tree (commander): thin commands over core, grouped as gh does. */
export function createProgram(ctx: CliContext): Command {
  const { t } = ctx;
  const program = new Command('gw')
    .description(t('cli.description'))
    .version(GW_VERSION, '-v, --version', t('cli.flags.version'))
    .commandsGroup(t('cli.groups.resources'))
    .addCommand(tokensCommand(ctx))
    .commandsGroup(t('cli.groups.auth'));
  for (const command of [...authTopLevelCommands(ctx), authCommand(ctx), statusCommand(ctx)]) {
    program.addCommand(command);
  }
  program
    .commandsGroup(t('cli.groups.run'))
    .addCommand(serveCommand(ctx))
    .addCommand(tuiCommand(ctx))
    .commandsGroup(t('cli.groups.help'))
    .addCommand(helpCommand(ctx, program))
    .addHelpText('after', `\n${t('cli.help.footer')}`);
  configureTree(ctx, program);
  return program;
}
