// Runs one `gw` command: reads the global flags, loads the language's strings, builds only the
// command tree the arguments need, runs it, and turns any failure into one exit code (the only catch).
import { CommanderError } from 'commander';
import { config as configureZod } from 'zod';
import { languageFromEnv, normalizeLanguage, type Translate } from '@gw/core';
import { CliError } from './output/cli-error.js';
import { describeFailure } from './output/report-error.js';
import { createProgram } from './program.js';
import { type CliContext, createCliContext } from './runtime/context.js';
import { isDryRunStop } from './runtime/dry-run.js';
import { extractGlobalFlags, type GlobalFlags } from './runtime/global-flags.js';
import { loadTranslate } from './runtime/i18n.js';

/** Commander's own ways of ending that are not failures (help shown, version printed). */
const COMMANDER_DONE = new Set(['commander.helpDisplayed', 'commander.help', 'commander.version']);

async function contextFor(flags: Omit<GlobalFlags, 'args'>): Promise<CliContext> {
  const language = languageFromEnv(process.env, flags.lang);
  return createCliContext(process, process.env, {
    language,
    t: countTranslations(await loadTranslate(language)),
    profile: flags.profile,
  });
}

function report(ctx: CliContext, error: unknown, command?: string): number {
  const { lines, exitCode } = describeFailure(error, ctx, command);
  for (const line of lines) ctx.note(ctx.paintErr(exitCode === 3 ? 'yellow' : 'red', line));
  return exitCode;
}

// A command parses a few replies once: compiling each schema's parser first (zod's default) costs
// more than it saves in a process this short.
configureZod({ jitless: true });

let translations = 0;

/** Counts the strings looked up, for `GW_DEBUG=timing` (each lookup costs start-up time). */
function countTranslations(t: Translate): Translate {
  return (key, params) => {
    translations += 1;
    return t(key, params);
  };
}

/** `GW_DEBUG=timing`: how long each start-up phase took, on stderr, to see what a command pays for. */
function phaseTimer(env: NodeJS.ProcessEnv): (phase: string) => void {
  if (!(env.GW_DEBUG ?? '').split(',').includes('timing')) return () => {};
  let last = performance.now();
  let lastCpu: NodeJS.CpuUsage = { user: 0, system: 0 };
  return (phase) => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    process.stderr.write(
      `[timing] ${phase}: ${(now - last).toFixed(1)} ms wall, ${cpuMs.toFixed(1)} ms cpu (at ${now.toFixed(1)} ms, ${translations} strings)\n`,
    );
    last = now;
    lastCpu = process.cpuUsage();
  };
}

/** Runs `gw` with the process arguments and answers the exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const phase = phaseTimer(process.env);
  phase('loaded');
  let flags: GlobalFlags;
  try {
    flags = extractGlobalFlags(argv.slice(2));
  } catch (error) {
    return report(await contextFor({}), error);
  }
  const ctx = await contextFor(flags);
  phase('translations');
  try {
    if (flags.lang !== undefined && !normalizeLanguage(flags.lang)) {
      throw new CliError('usage', 'cli.errors.bad_language', { lang: flags.lang });
    }
    const program = await createProgram(ctx, flags.args);
    phase('commands');
    if (flags.args.length === 0) {
      program.outputHelp();
      return 0;
    }
    await program.parseAsync(flags.args, { from: 'user' });
    phase('run');
    return 0;
  } catch (error) {
    if (isDryRunStop(error)) return 0;
    if (error instanceof CommanderError) {
      if (COMMANDER_DONE.has(error.code)) return 0;
      // Commander has printed its message; say where the usage is.
      const unknown = error.code === 'commander.unknownCommand';
      ctx.note(
        ctx.paintErr('red', ctx.t('cli.hints.usage_of', { command: commandPath(flags.args, unknown) })),
      );
      return 2;
    }
    return report(ctx, error, commandPath(flags.args, false));
  }
}

/**
 * The command whose help to point at: `gw tokens list` for `tokens list --bad`, `gw tokens` for an
 * unknown verb `tokens lst`, `gw` for an unknown command.
 */
function commandPath(args: readonly string[], unknownLast: boolean): string {
  const words: string[] = [];
  for (const arg of args) {
    if (arg.startsWith('-') || words.length === 2) break;
    words.push(arg);
  }
  if (unknownLast) words.pop();
  return ['gw', ...words].join(' ');
}
