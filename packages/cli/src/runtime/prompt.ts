import { createRequire } from 'node:module';
import { CliError } from '../output/cli-error.js';
import type { CliContext } from './context.js';

// Node's readline loaded on a question only: most commands (every read) load this module, few ask.
const require = createRequire(import.meta.url);
const createInterface: typeof import('node:readline').createInterface = (...args) =>
  require('node:readline').createInterface(...args);

/** Reads everything on stdin (for `--password-stdin`), without the final line break. */
export async function readAllStdin(ctx: CliContext): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.streams.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Asks one visible question on the terminal. */
export function promptLine(ctx: CliContext, question: string): Promise<string> {
  const rl = createInterface({
    input: ctx.streams.stdin,
    output: ctx.streams.stderr as NodeJS.WritableStream,
    terminal: true,
  });
  return new Promise((resolve, reject) => {
    let answered = false;
    rl.on('SIGINT', () => {
      rl.close();
      reject(new CliError('interrupted', 'cli.errors.interrupted'));
    });
    rl.on('close', () => {
      if (!answered) reject(new CliError('cancelled', 'cli.errors.cancelled'));
    });
    rl.question(question, (answer) => {
      answered = true;
      rl.close();
      resolve(answer);
    });
  });
}

/** Asks for a secret on the terminal without echoing it. */
export function promptHidden(ctx: CliContext, question: string): Promise<string> {
  const stdin = ctx.streams.stdin as NodeJS.ReadStream;
  // Echo goes off before the question shows, so an answer typed right after it is never echoed.
  stdin.setRawMode?.(true);
  ctx.streams.stderr.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: CliError) => {
      stdin.setRawMode?.(false);
      stdin.pause();
      stdin.off('data', onData);
      ctx.streams.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new CliError('interrupted', 'cli.errors.interrupted'));
        if (char === '\u0004') return finish(new CliError('cancelled', 'cli.errors.cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.resume();
    stdin.on('data', onData);
  });
}

/** Asks a yes/no question (default no); anything but y/yes counts as no. */
export async function confirm(ctx: CliContext, question: string): Promise<boolean> {
  const answer = await promptLine(ctx, `${question} [y/N] `);
  return /^(y|yes)$/i.test(answer.trim());
}
