// `gw channels check <id>`: each model of a channel checked by the server (its SSE stream), one line
// per model as the results arrive; exit 0 only when every model passed.
import { Command } from 'commander';
import {
  channelCheckSchema,
  channelModels,
  createCheckStreamParser,
  getChannel,
  type ModelCheckResult,
  modelCheckPassed,
} from '@gw/core';
import { parseWithSchema } from '../../input/schema.js';
import { parseListText } from '../../input/values.js';
import { CliError } from '../../output/cli-error.js';
import { printJson } from '../../output/print.js';
import { tsvCell } from '../../output/table.js';
import { checkedId } from '../../resource/verb-support.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { streamCall } from '../../runtime/stream.js';
import { CHANNEL_SPEC } from './channel-spec.js';

/** The failed steps of a model's check as `step: remark` texts. */
function failures(result: ModelCheckResult): string[] {
  return result.process.flatMap((process) =>
    process.results
      .filter((step) => step.status !== 1)
      .map((step) => `${process.name}/${step.name}: ${step.remark}`),
  );
}

function printResult(ctx: CliContext, result: ModelCheckResult): void {
  const passed = modelCheckPassed(result);
  const why = failures(result).join('; ');
  if (!ctx.stdoutIsTty) {
    ctx.write(`${tsvCell(result.model)}\t${passed ? 'passed' : 'failed'}\t${tsvCell(why)}\n`);
    return;
  }
  const mark = passed
    ? ctx.paint('green', `✓ ${ctx.t('cli.channels.passed')}`)
    : ctx.paint('red', `✗ ${ctx.t('cli.channels.failed')}`);
  ctx.write(`${mark}  ${result.model}${why ? `  ${ctx.paint('dim', why)}` : ''}\n`);
}

export function channelCheckVerb(ctx: CliContext): Command {
  return new Command('check')
    .description(ctx.t('cli.channels.check'))
    .argument('<id>', ctx.t('cli.args.id'))
    .option('--models <list>', ctx.t('cli.channels.check_models'))
    .option('--json', ctx.t('cli.flags.json'))
    .action(async (idText: string, opts: { models?: string; json?: boolean }) => {
      const id = Number(checkedId(CHANNEL_SPEC, idText));
      const { client, credentials } = signedInClient(ctx);
      const channel = await getChannel(client, id);
      const models = opts.models ? parseListText([opts.models]) : channelModels(channel);
      const body = parseWithSchema(
        ctx,
        channelCheckSchema,
        { id, models: models.join(',') },
        { models: '--models' },
      );
      const parser = createCheckStreamParser();
      const results: ModelCheckResult[] = [];
      const take = (events: ReturnType<typeof parser.push>) => {
        for (const event of events) {
          if (event.type !== 'result') continue;
          results.push(event.result);
          if (!opts.json) printResult(ctx, event.result);
        }
      };
      await streamCall(ctx, credentials, {
        method: 'POST',
        path: '/api/sse/channel/check',
        body,
        onText: (text) => take(parser.push(text)),
      });
      take(parser.end());
      if (opts.json) printJson(ctx, results);
      const failed = results.filter((result) => !modelCheckPassed(result)).length;
      if (failed > 0)
        throw new CliError('failure', 'cli.channels.some_models_failed', { failed, total: results.length });
    });
}
