import { Command, type Help } from 'commander';
import { menuTrail } from '@gw/core';
import { COMMANDS, type CommandEntry, findCommandEntry } from './command-registry.js';
import type { CliContext } from './runtime/context.js';
import { CLI_VERSION } from './version.js';

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
export function configureTree(ctx: CliContext, command: Command): void {
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

/** The help heading of an entry: its navigation group's title, or the CLI's own group. */
function groupTitle(ctx: CliContext, entry: CommandEntry): string {
  if (entry.navItem) {
    const group = menuTrail(`/panel/${entry.navItem}`)[0];
    if (group) return ctx.t('cli.groups.navigation', { group: ctx.t(group.title) });
  }
  return ctx.t(`cli.groups.${entry.group === 'navigation' ? 'resources' : entry.group}`);
}

/** A placeholder that names a command in `gw --help` without loading its code. */
function stubCommand(ctx: CliContext, entry: CommandEntry): Command {
  return new Command(entry.name).aliases([...(entry.aliases ?? [])]).description(ctx.t(entry.descriptionKey));
}

/** Words that need every command loaded: help on any command, and shell completion. */
const LOAD_ALL = new Set(['help', '__complete']);

/**
 * The `gw` command tree (commander), grouped as the console's navigation is. Only the command the
 * arguments name is loaded; the others are placeholders, so a command starts without the code of
 * forty others.
 */
export async function createProgram(ctx: CliContext, args: readonly string[]): Promise<Command> {
  const { t } = ctx;
  const program = new Command('gw')
    .description(t('cli.description'))
    .version(CLI_VERSION, '-v, --version', t('cli.flags.version'))
    // Read before the tree is built (they choose its language and profile); listed here for help.
    .option('--lang <language>', t('cli.flags.lang'))
    .option('--profile <name>', t('cli.flags.profile'))
    .addHelpText('after', `\n${t('cli.help.footer')}`);
  const first = args.find((arg) => !arg.startsWith('-'));
  const loadAll = LOAD_ALL.has(first ?? '');
  const wanted = loadAll ? new Set(COMMANDS) : new Set([findCommandEntry(first)]);
  ctx.words = loadAll ? undefined : args.filter((arg) => !arg.startsWith('-'));
  // A command named first needs only itself: the others, placeholders under their group titles, show
  // only in `gw`'s own help (`gw`, `gw -h tokens`), and cost 80 lookups and a command object each.
  const named = args[0] === first && !loadAll ? findCommandEntry(first) : undefined;
  if (named) {
    program.addCommand(await (await named.load()).buildCommand(ctx, program), {
      hidden: named.hidden === true,
    });
    configureTree(ctx, program);
    return program;
  }
  const groups = new Map<string, CommandEntry[]>();
  for (const entry of COMMANDS) {
    const title = groupTitle(ctx, entry);
    groups.set(title, [...(groups.get(title) ?? []), entry]);
  }
  for (const [title, entries] of groups) {
    program.commandsGroup(title);
    for (const entry of entries) {
      const command = wanted.has(entry)
        ? await (await entry.load()).buildCommand(ctx, program)
        : stubCommand(ctx, entry);
      program.addCommand(command, { hidden: entry.hidden === true });
    }
  }
  configureTree(ctx, program);
  return program;
}
