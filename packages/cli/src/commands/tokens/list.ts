import { Command } from 'commander';
import { listTokens, MAX_PAGE_SIZE, TOKEN_SORT_FIELDS } from '@gw/core';
import { CliError } from '../../output/cli-error.js';
import { printJson, printRows } from '../../output/print.js';
import { parseInteger } from '../../runtime/args.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { quotaDisplayOf } from '../../runtime/site.js';
import { tokenCellColor, tokenColumns, tokenJson } from './token-output.js';

interface ListFlags {
  page: string;
  limit: string;
  keyword?: string;
  sort?: string;
  json?: boolean;
  showKey?: boolean;
}

/** Checks `--sort name,-id` against the fields the API allows and returns the API's `order`. */
export function tokenOrderParam(sort: string | undefined): string {
  if (!sort) return '';
  const fields = sort.split(',').map((field) => field.trim());
  for (const field of fields) {
    const name = field.replace(/^-/, '');
    if (!(TOKEN_SORT_FIELDS as readonly string[]).includes(name)) {
      throw new CliError('usage', 'cli.errors.bad_sort', {
        field: name,
        fields: TOKEN_SORT_FIELDS.join(', '),
      });
    }
  }
  return fields.join(',');
}

/** `gw tokens list`: one page of the caller's tokens. */
export function tokenListCommand(ctx: CliContext): Command {
  const { t } = ctx;
  return new Command('list')
    .alias('ls')
    .description(t('cli.tokens.list.description'))
    .option('--page <n>', t('cli.flags.page'), '1')
    .option('--limit <n>', t('cli.flags.limit', { max: MAX_PAGE_SIZE }), '30')
    .option('--keyword <text>', t('cli.tokens.list.keyword'))
    .option('--sort <field>', t('cli.flags.sort', { fields: TOKEN_SORT_FIELDS.join(', ') }))
    .option('--show-key', t('cli.tokens.show_key'))
    .option('--json', t('cli.flags.json'))
    .action(async (flags: ListFlags) => {
      const query = {
        page: parseInteger(flags.page, '--page'),
        size: parseInteger(flags.limit, '--limit', 1, MAX_PAGE_SIZE),
        keyword: flags.keyword ?? '',
        order: tokenOrderParam(flags.sort),
      };
      const { client } = signedInClient(ctx);
      const page = await listTokens(client, query);
      const showKey = flags.showKey === true;
      if (flags.json) {
        printJson(ctx, { ...page, data: page.data.map((token) => tokenJson(token, showKey)) });
        return;
      }
      if (page.data.length === 0) {
        if (ctx.stdoutIsTty) ctx.note(t('common.no_data'));
        return;
      }
      const quota = await quotaDisplayOf(client);
      printRows(ctx, page.data, tokenColumns(showKey), { quota, cellColor: tokenCellColor });
      if (ctx.stdoutIsTty) {
        const pages = Math.max(1, Math.ceil(page.total_count / Math.max(1, page.size)));
        ctx.note(
          ctx.paintErr('dim', t('common.page_of', { page: page.page, pages, total: page.total_count })),
        );
      }
    });
}
