// `gw channels test [id…|--all]`: each channel tested, its latency or error in a table, a progress
// line on a terminal, and exit 0 only when every channel passed (for CI and cron).
import { Command } from 'commander';
import {
  type ApiClient,
  type Channel,
  channelsToTest,
  type ColumnDef,
  getChannel,
  GwApiError,
  listEveryChannel,
  testChannel,
} from '@gw/core';
import { parseIntegerText } from '../../input/values.js';
import { CliError } from '../../output/cli-error.js';
import { jsonOption, jsonRequest, pickJson } from '../../output/json-fields.js';
import { printJson, printRows } from '../../output/print.js';
import { checkedId } from '../../resource/verb-support.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { CHANNEL_SPEC } from './channel-spec.js';
import { runPool, startProgress } from './channel-runs.js';

/** One channel's test as printed. */
export interface ChannelTestResult {
  id: number;
  name: string;
  success: boolean;
  /** Milliseconds the upstream took (the server's measure). */
  time_ms: number;
  message: string;
}

const COLUMNS: readonly ColumnDef<ChannelTestResult>[] = [
  { id: 'id', titleKey: 'channels.fields.id', priority: 1, value: (row) => String(row.id) },
  { id: 'name', titleKey: 'channels.fields.name', priority: 1, value: (row) => row.name },
  {
    id: 'result',
    titleKey: 'cli.channels.result',
    priority: 1,
    value: (row, ctx) => ctx.t(row.success ? 'cli.channels.passed' : 'cli.channels.failed'),
  },
  {
    id: 'time_ms',
    titleKey: 'cli.channels.latency',
    priority: 2,
    value: (row) => (row.success ? `${row.time_ms} ms` : ''),
  },
  { id: 'message', titleKey: 'cli.channels.message', priority: 3, value: (row) => row.message },
];

async function testOne(
  client: ApiClient,
  channel: Pick<Channel, 'id' | 'name'>,
  model?: string,
): Promise<ChannelTestResult> {
  try {
    const reply = await testChannel(client, channel.id, model);
    return {
      id: channel.id,
      name: channel.name,
      success: reply.success,
      time_ms: Math.round(reply.time * 1000),
      message: reply.success ? '' : reply.message,
    };
  } catch (error) {
    const message = error instanceof GwApiError || error instanceof Error ? error.message : String(error);
    return { id: channel.id, name: channel.name, success: false, time_ms: 0, message };
  }
}

export function channelTestVerb(ctx: CliContext): Command {
  return new Command('test')
    .description(ctx.t('cli.channels.test'))
    .argument('[id...]', ctx.t('cli.args.ids'))
    .option('--all', ctx.t('cli.channels.all'))
    .option('--model <model>', ctx.t('cli.channels.test_model'))
    .option('--concurrency <n>', ctx.t('cli.channels.concurrency'), '4')
    .addOption(jsonOption(ctx))
    .action(
      async (ids: string[], opts: { all?: boolean; model?: string; concurrency: string; json?: unknown }) => {
        if ((ids.length === 0) === !opts.all) throw new CliError('usage', 'cli.errors.ids_or_all');
        const concurrency = parseIntegerText(opts.concurrency, '--concurrency', 1, 64);
        const { client } = signedInClient(ctx);
        // --all tests what the server's own run tests: enabled or auto-disabled channels with a test model.
        const channels = opts.all
          ? channelsToTest(await listEveryChannel(client))
          : await Promise.all(ids.map((id) => getChannel(client, Number(checkedId(CHANNEL_SPEC, id)))));
        const progress = startProgress(ctx, 'cli.channels.testing', channels.length);
        const results = await runPool(channels, concurrency, async (channel) => {
          const result = await testOne(client, channel, opts.model);
          progress.step();
          return result;
        });
        progress.done();
        if (opts.json)
          printJson(
            ctx,
            results.map((row) => pickJson(row, jsonRequest(opts.json))),
          );
        else if (results.length > 0) {
          printRows(ctx, results, COLUMNS, {
            cellColor: (column, row) => (column.id === 'result' ? (row.success ? 'green' : 'red') : 'plain'),
          });
        }
        const failed = results.filter((row) => !row.success).length;
        if (failed > 0)
          throw new CliError('failure', 'cli.channels.some_failed', { failed, total: results.length });
        if (ctx.stdoutIsTty) ctx.note(ctx.t('cli.channels.all_passed', { total: results.length }));
      },
    );
}
