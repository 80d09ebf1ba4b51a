import { Command } from 'commander';
import { CHANNEL_TYPES, listProviderModels } from '@gw/core';
import { printJson } from '../../output/print.js';
import { checkedId } from '../../resource/verb-support.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { CHANNEL_SPEC } from './channel-spec.js';

/** `gw channels models <id>`: the models the channel's key can list at its provider. */
export function channelModelsVerb(ctx: CliContext): Command {
  return new Command('models')
    .description(ctx.t('cli.channels.models'))
    .argument('<id>', ctx.t('cli.args.id'))
    .option('--json', ctx.t('cli.flags.json'))
    .action(async (idText: string, opts: { json?: boolean }) => {
      const { client } = signedInClient(ctx);
      const models = await listProviderModels(client, { id: Number(checkedId(CHANNEL_SPEC, idText)) });
      if (opts.json) printJson(ctx, models);
      else for (const model of models) ctx.write(`${model}\n`);
    });
}

/** `gw channels types`: the channel types `--type` takes, by number and name. */
export function channelTypesVerb(ctx: CliContext): Command {
  return new Command('types')
    .description(ctx.t('cli.channels.types'))
    .option('--json', ctx.t('cli.flags.json'))
    .action((opts: { json?: boolean }) => {
      const offered = CHANNEL_TYPES.filter((type) => type.offered);
      if (opts.json)
        printJson(
          ctx,
          offered.map((type) => ({ id: type.id, name: ctx.t(type.nameKey) })),
        );
      else for (const type of offered) ctx.write(`${type.id}\t${ctx.t(type.nameKey)}\n`);
    });
}
