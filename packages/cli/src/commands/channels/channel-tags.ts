// `gw channels tags …`: the channel tags — list, edit a tag's shared fields (the tag editor of
// console-screens §1.4), enable or disable every channel of a tag.
import { Command } from 'commander';
import {
  CHANNEL_SCREEN,
  CHANNEL_TAG_FORM,
  type ChannelTagDetail,
  deleteChannelTag,
  listChannelTags,
  setChannelTagStatus,
} from '@gw/core';
import { CliError } from '../../output/cli-error.js';
import { printJson } from '../../output/print.js';
import type { AnyResourceSpec } from '../../resource/resource-spec.js';
import { addChangeFlags, confirmChange, runChange } from '../../resource/verb-support.js';
import { formVerb } from '../../resource/verbs-form.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';

/** A tag as a record the tag form edits: named by the tag, read whole by the form's own `load`. */
const TAG_SPEC: AnyResourceSpec = {
  name: 'tags',
  screen: { ...CHANNEL_SCREEN, titleKey: 'cli.channels.tags_title', form: CHANNEL_TAG_FORM },
  idKind: 'text',
  get: async (_client, tag) => ({ tag }) as ChannelTagDetail,
};

function listVerb(ctx: CliContext): Command {
  return new Command('list')
    .alias('ls')
    .description(ctx.t('cli.channels.tags_list'))
    .option('--json', ctx.t('cli.flags.json'))
    .action(async (opts: { json?: boolean }) => {
      const { client } = signedInClient(ctx);
      const tags = await listChannelTags(client);
      if (opts.json) printJson(ctx, tags);
      else for (const tag of tags) ctx.write(`${tag.tag}\n`);
    });
}

/** Refuses a tag no channel has, before anything is sent. */
async function checkTag(client: Parameters<typeof listChannelTags>[0], tag: string): Promise<void> {
  if (!(await listChannelTags(client)).some((known) => known.tag === tag)) {
    throw new CliError('not_found', 'cli.errors.no_tag', { tag });
  }
}

/** `gw channels tags delete <tag>`: deletes every channel of the tag (asked first; --yes off a terminal). */
function deleteVerb(ctx: CliContext): Command {
  const command = new Command('delete')
    .alias('rm')
    .description(ctx.t('cli.channels.tags_delete'))
    .argument('<tag>', ctx.t('cli.channels.tag'));
  addChangeFlags(ctx, command, true);
  return command.action(async (tag: string, opts: { yes?: boolean; dryRun?: boolean }) => {
    await confirmChange(ctx, opts, ctx.t('channels.list.confirm_delete_tag', { name: tag }));
    const { client } = signedInClient(ctx, { dryRun: opts.dryRun === true });
    await checkTag(client, tag);
    const count = await runChange(() => deleteChannelTag(client, tag));
    if (!opts.dryRun) ctx.note(ctx.t('channels.messages.deleted_count', { count }));
  });
}

function statusVerb(ctx: CliContext, status: 'enable' | 'disable'): Command {
  const command = new Command(status)
    .description(ctx.t(`cli.channels.tags_${status}`))
    .argument('<tag>', ctx.t('cli.channels.tag'));
  addChangeFlags(ctx, command, false);
  return command.action(async (tag: string, opts: { dryRun?: boolean }) => {
    const { client } = signedInClient(ctx, { dryRun: opts.dryRun === true });
    await checkTag(client, tag);
    await runChange(() => setChannelTagStatus(client, tag, status));
    if (!opts.dryRun) ctx.note(ctx.t(`cli.done.${status}d`, { name: tag }));
  });
}

export function channelTagsCommand(ctx: CliContext): Command {
  return new Command('tags')
    .alias('tag')
    .description(ctx.t('cli.channels.tags'))
    .addCommand(listVerb(ctx))
    .addCommand(formVerb(ctx, TAG_SPEC, 'edit'))
    .addCommand(statusVerb(ctx, 'enable'))
    .addCommand(statusVerb(ctx, 'disable'))
    .addCommand(deleteVerb(ctx));
}
