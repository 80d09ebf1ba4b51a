import { Command } from 'commander';
import { CliError } from '../../output/cli-error.js';
import type { CliContext } from '../../runtime/context.js';
import { COMPLETION_SCRIPTS, type CompletionShell } from './scripts.js';

/** `gw completion bash|zsh|fish`: the script that makes the shell complete gw's words. */
function completionCommand(ctx: CliContext): Command {
  return new Command('completion')
    .description(ctx.t('cli.completion.description'))
    .argument('<shell>', ctx.t('cli.completion.shell'))
    .action((shell: string) => {
      const script = COMPLETION_SCRIPTS[shell as CompletionShell];
      if (!script)
        throw new CliError('usage', 'cli.errors.bad_shell', {
          shell,
          shells: Object.keys(COMPLETION_SCRIPTS).join(', '),
        });
      ctx.write(script);
    });
}

export function buildCommand(ctx: CliContext): Command {
  return completionCommand(ctx);
}
