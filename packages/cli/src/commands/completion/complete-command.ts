import { Command } from 'commander';
import type { CliContext } from '../../runtime/context.js';
import { completeWords } from './complete.js';

/** `gw __complete -- <words…>`: what the scripts call; candidates one a line, `value<TAB>description`. */
export function buildCommand(ctx: CliContext, root: Command): Command {
  return new Command('__complete')
    .argument('[words...]')
    .allowUnknownOption()
    .action(async (words: string[]) => {
      for (const candidate of await completeWords(ctx, root, words.length ? words : [''])) {
        const description = candidate.description?.replace(/\s+/g, ' ').trim();
        ctx.write(description ? `${candidate.value}\t${description}\n` : `${candidate.value}\n`);
      }
    });
}
