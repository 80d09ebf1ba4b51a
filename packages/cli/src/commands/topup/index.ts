import { Command } from 'commander';
import { redeemCode, redeemSchema } from '@gw/core';
import { parseWithSchema } from '../../input/schema.js';
import { addChangeFlags, runChange } from '../../resource/verb-support.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { quotaDisplayOf } from '../../runtime/site.js';
import { renderQuota } from '@gw/core';

/** `gw topup redeem <code>`: adds a redemption code's quota to your balance. */
function redeemVerb(ctx: CliContext): Command {
  const command = new Command('redeem')
    .description(ctx.t('cli.topup.redeem'))
    .argument('<code>', ctx.t('cli.topup.code'));
  addChangeFlags(ctx, command, false);
  return command.action(async (code: string, opts: { dryRun?: boolean }) => {
    const input = parseWithSchema(ctx, redeemSchema, { key: code.trim() }, { key: '<code>' });
    const { client } = signedInClient(ctx, { dryRun: opts.dryRun === true });
    const quota = await runChange(() => redeemCode(client, input.key));
    if (opts.dryRun || quota === undefined) return;
    ctx.note(ctx.t('cli.topup.redeemed', { amount: renderQuota(quota, await quotaDisplayOf(client)) }));
  });
}

/** `gw topup`: top up your balance. */
export function buildCommand(ctx: CliContext): Command {
  return new Command('topup').description(ctx.t('cli.topup.description')).addCommand(redeemVerb(ctx));
}
