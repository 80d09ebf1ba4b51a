import { CliError } from '../output/cli-error.js';

/** Flags every command takes, read before the command tree is built (they pick its language). */
export interface GlobalFlags {
  lang?: string;
  profile?: string;
  /** The arguments with the global flags taken out. */
  args: string[];
}

const GLOBAL_FLAGS = ['lang', 'profile'] as const;

/**
 * Takes `--lang <tag>` and `--profile <name>` (or `--lang=<tag>`) out of the arguments, wherever
 * they stand, up to a `--` that ends the options.
 */
export function extractGlobalFlags(args: readonly string[]): GlobalFlags {
  const found: GlobalFlags = { args: [] };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--') {
      found.args.push(...args.slice(index));
      break;
    }
    const name = GLOBAL_FLAGS.find((flag) => arg === `--${flag}` || arg.startsWith(`--${flag}=`));
    if (!name) {
      found.args.push(arg);
      continue;
    }
    const inline = arg.startsWith(`--${name}=`) ? arg.slice(name.length + 3) : undefined;
    const value = inline ?? args[index + 1];
    if (inline === undefined) index += 1;
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('-'))) {
      throw new CliError('usage', 'cli.errors.flag_needs_value', { flag: `--${name}` });
    }
    found[name] = value;
  }
  return found;
}
