import { Command } from 'commander';
import { CliError } from '../../output/cli-error.js';
import type { CliContext } from '../../runtime/context.js';
import { environmentHelp, exitCodesHelp } from './topics.js';

const TOPICS: Record<string, (ctx: CliContext) => string> = {
  'exit-codes': exitCodesHelp,
  environment: environmentHelp,
};

/** Finds a command by a path of names or aliases (`tokens ls`). */
function findCommand(root: Command, words: readonly string[]): Command | undefined {
  let current: Command | undefined = root;
  for (const word of words) {
    current = current?.commands.find(
      (command) => command.name() === word || command.aliases().includes(word),
    );
  }
  return current;
}

/** `gw help [topic|command…]`: the help topics, or the help of any command. */
export function buildCommand(ctx: CliContext, root: Command): Command {
  return new Command('help')
    .description(ctx.t('cli.help.description'))
    .argument('[topic...]', ctx.t('cli.help.topic_argument'))
    .action((words: string[]) => {
      const topic = words[0] ? TOPICS[words[0]] : undefined;
      if (topic) {
        ctx.write(topic(ctx));
        return;
      }
      const command = findCommand(root, words);
      if (!command) throw new CliError('usage', 'cli.errors.unknown_help_topic', { topic: words.join(' ') });
      command.outputHelp();
    });
}
