// `gw channels balance [id…|--all]`: refreshes upstream balances and prints each channel's.
import { Command } from 'commander';
import {
  type ApiClient,
  type Channel,
  type ColumnDef,
  formatChannelBalance,
  getChannel,
  type GwApiError,
  listEveryChannel,
  updateAllChannelBalances,
  updateChannelBalance,
} from '@gw/core';
import { CliError } from '../../output/cli-error.js';
import { printJson, printRows } from '../../output/print.js';
import { checkedId } from '../../resource/verb-support.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { CHANNEL_SPEC } from './channel-spec.js';

interface BalanceRow {
  id: number;
  name: string;
  type: number;
  balance: number;
  success: boolean;
  message: string;
}

const COLUMNS: readonly ColumnDef<BalanceRow>[] = [
  { id: 'id', titleKey: 'channels.fields.id', priority: 1, value: (row) => String(row.id) },
  { id: 'name', titleKey: 'channels.fields.name', priority: 1, value: (row) => row.name },
  {
    id: 'balance',
    titleKey: 'channels.fields.balance',
    priority: 1,
    value: (row) => formatChannelBalance(row.balance, row.type),
  },
  { id: 'message', titleKey: 'cli.channels.message', priority: 2, value: (row) => row.message },
];

async function refresh(client: ApiClient, channel: Channel): Promise<BalanceRow> {
  const row = { id: channel.id, name: channel.name, type: channel.type };
  try {
    const reply = await updateChannelBalance(client, channel.id);
    return {
      ...row,
      balance: reply.balance,
      success: reply.success,
      message: reply.success ? '' : reply.message,
    };
  } catch (error) {
    return { ...row, balance: channel.balance, success: false, message: (error as GwApiError).message };
  }
}

export function channelBalanceVerb(ctx: CliContext): Command {
  return new Command('balance')
    .description(ctx.t('cli.channels.balance'))
    .argument('[id...]', ctx.t('cli.args.ids'))
    .option('--all', ctx.t('cli.channels.balance_all'))
    .option('--json', ctx.t('cli.flags.json'))
    .action(async (ids: string[], opts: { all?: boolean; json?: boolean }) => {
      if ((ids.length === 0) === !opts.all) throw new CliError('usage', 'cli.errors.ids_or_all');
      const { client } = signedInClient(ctx);
      let rows: BalanceRow[];
      if (opts.all) {
        // The server refreshes every enabled channel whose provider reports a balance, then the list shows them.
        ctx.note(await updateAllChannelBalances(client));
        rows = (await listEveryChannel(client)).map((channel) => ({
          id: channel.id,
          name: channel.name,
          type: channel.type,
          balance: channel.balance,
          success: true,
          message: '',
        }));
      } else {
        rows = [];
        for (const id of ids)
          rows.push(await refresh(client, await getChannel(client, Number(checkedId(CHANNEL_SPEC, id)))));
      }
      if (opts.json) printJson(ctx, rows);
      else printRows(ctx, rows, COLUMNS);
      if (rows.some((row) => !row.success)) throw new CliError('failure', 'cli.channels.balance_failed');
    });
}
