// The `gw` command: builds the command tree, runs it and turns any failure into one exit code.
import { CommanderError } from 'commander';
import { describeFailure } from './output/report-error.js';
import { createProgram } from './program.js';
import { createCliContext } from './runtime/context.js';

async function main(argv: readonly string[]): Promise<number> {
  const ctx = createCliContext(process, process.env);
  const program = createProgram(ctx);
  try {
    if (argv.length <= 2) {
      program.outputHelp();
      return 0;
    }
    await program.parseAsync([...argv]);
    return 0;
  } catch (error) {
    // Commander has already printed its own usage message; help and --version end with 0.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    const { lines, exitCode } = describeFailure(error, ctx.t);
    for (const line of lines) ctx.note(ctx.paintErr(exitCode === 3 ? 'yellow' : 'red', line));
    return exitCode;
  }
}

const exitCode = await main(process.argv);
// Leave as soon as output is flushed: idle keep-alive sockets must not hold a finished command open.
process.stdout.write('', () => process.exit(exitCode));
