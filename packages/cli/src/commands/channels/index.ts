import type { Command } from 'commander';
import { resourceCommand } from '../../resource/resource-command.js';
import type { CliContext } from '../../runtime/context.js';
import { channelBalanceVerb } from './channel-balance.js';
import { channelCheckVerb } from './channel-check.js';
import { channelModelsVerb, channelTypesVerb } from './channel-models.js';
import { CHANNEL_SPEC } from './channel-spec.js';
import { channelTagsCommand } from './channel-tags.js';
import { channelTestVerb } from './channel-test.js';

/** `gw channels` (aliases `channel`, `ch`): the generic verbs plus test, check, balance, tags, models, types. */
export function buildCommand(ctx: CliContext): Command {
  return resourceCommand(
    ctx,
    {
      ...CHANNEL_SPEC,
      extraVerbs: () => [
        channelTestVerb(ctx),
        channelCheckVerb(ctx),
        channelBalanceVerb(ctx),
        channelTagsCommand(ctx),
        channelModelsVerb(ctx),
        channelTypesVerb(ctx),
      ],
    },
    'cli.channels.description',
  );
}
