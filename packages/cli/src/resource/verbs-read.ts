// The reading verbs every resource has: list (with every filter of its screen), view and export.
import { Command, Option } from 'commander';
import {
  type ApiClient,
  type ColumnDef,
  MAX_PAGE_SIZE,
  type Paged,
  type ScreenQuery,
  screenColumns,
  screenCsvChunks,
} from '@gw/core';
import { parseIntegerText } from '../input/values.js';
import { CliError } from '../output/cli-error.js';
import type { CliColor } from '../output/color.js';
import { checkJsonFields, jsonOption, jsonRequest, pickJson } from '../output/json-fields.js';
import { columnContext, printJson, printRecord, printRows } from '../output/print.js';
import { signedInClient } from '../runtime/client.js';
import type { CliContext } from '../runtime/context.js';
import { quotaDisplayOf } from '../runtime/site.js';
import { filterFlags } from './filter-flags.js';
import { refuseAdminFilters, screenForSignedIn } from './role-screen.js';
import type { AnyResourceSpec } from './resource-spec.js';
import { checkedId } from './verb-support.js';

type Opts = Record<string, unknown>;

/**
 * The columns of a listing: the resource's (flags may change them), for the query's view — core's rule
 * that the admin search's owner column shows on that search only. One record (`view`) is one's own.
 */
function columnsOf(spec: AnyResourceSpec, opts: Opts, query?: ScreenQuery): readonly ColumnDef<unknown>[] {
  const columns = spec.columns?.(opts) ?? spec.screen.columns;
  return screenColumns({ columns, listView: spec.screen.listView }, query ?? { page: 1, size: 1, order: '' });
}

/** A table cell's colour: the resource's own rule, else the status column green when on, yellow when off. */
function cellColor(spec: AnyResourceSpec) {
  return (column: ColumnDef<unknown>, row: unknown): CliColor => {
    if (spec.cellColor) return spec.cellColor(column, row);
    const status = spec.screen.status;
    if (!status || column.id !== status.column) return 'plain';
    if (status.applies && !status.applies(row)) return 'dim';
    return status.isOn(row) ? 'green' : 'yellow';
  };
}

/** The JSON of one row: masked where the resource says so, then only the picked fields. */
function rowJson(spec: AnyResourceSpec, row: unknown, opts: Opts) {
  return pickJson(spec.toJson ? spec.toJson(row, opts) : row, jsonRequest(opts.json));
}

/** `--sort name,-id` checked against the columns that sort, as the API's `order`. */
function sortOrder(spec: AnyResourceSpec, sort: unknown): string {
  const sortable = spec.screen.columns.flatMap((column) => (column.sortField ? [column.sortField] : []));
  if (sort === undefined) return spec.screen.defaultOrder;
  const fields = String(sort)
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  for (const field of fields) {
    if (!sortable.includes(field.replace(/^-/, ''))) {
      throw new CliError('usage', 'cli.errors.bad_sort', { field, fields: sortable.join(', ') });
    }
  }
  return fields.join(',');
}

/** Every page of a list, for `--all`. */
async function allPages(
  spec: AnyResourceSpec,
  client: ApiClient,
  query: ScreenQuery,
): Promise<Paged<unknown>> {
  const data: unknown[] = [];
  for (let page = 1; ; page += 1) {
    const result = await spec.screen.list(client, { ...query, page, size: MAX_PAGE_SIZE });
    data.push(...result.data);
    if (result.data.length === 0 || page * MAX_PAGE_SIZE >= result.total_count) {
      return { data, page: 1, size: data.length, total_count: result.total_count };
    }
  }
}

/** The list query the flags ask for. */
function listQuery(spec: AnyResourceSpec, opts: Opts, filters: ReturnType<typeof filterFlags>): ScreenQuery {
  const query: ScreenQuery = {
    page: parseIntegerText(String(opts.page), '--page', 1),
    size: parseIntegerText(String(opts.limit), '--limit', 1, MAX_PAGE_SIZE),
    order: sortOrder(spec, opts.sort),
  };
  for (const filter of filters) {
    const value = filter.read(opts);
    if (value !== undefined) query[filter.filter.name] = value;
    else if (filter.filter.defaultValue) query[filter.filter.name] = filter.filter.defaultValue();
  }
  return query;
}

/** `<resource> list`: one page (or `--all`), a table on a terminal, TSV on a pipe, `--json`. */
export function listVerb(ctx: CliContext, spec: AnyResourceSpec): Command {
  const { t, screen } = { t: ctx.t, screen: spec.screen };
  const filters = filterFlags(ctx, screen.filters, spec.flagNames);
  const command = new Command('list').alias('ls').description(t('cli.verbs.list'));
  for (const filter of filters) command.addOption(filter.option);
  const pageSize = screen.pageSizes?.[0] ?? 30;
  command
    .option('--page <n>', t('cli.flags.page'), '1')
    .option('--limit <n>', t('cli.flags.limit', { max: MAX_PAGE_SIZE }), String(pageSize))
    .option('--all', t('cli.flags.all'));
  const sortable = screen.columns.filter((column) => column.sortField).map((column) => column.sortField);
  if (sortable.length > 0)
    command.option('--sort <fields>', t('cli.flags.sort', { fields: sortable.join(', ') }));
  spec.listFlags?.(command, ctx);
  command.addOption(jsonOption(ctx));
  return command.action(async (opts: Opts) => {
    const query = listQuery(spec, opts, filters);
    checkJsonFields(jsonRequest(opts.json), spec.jsonFields ?? []);
    const { client } = signedInClient(ctx);
    // The site's quota display is asked for alongside the list, not after it.
    const quota = opts.json ? undefined : quotaDisplayOf(client);
    const seen = await screenForSignedIn(client, screen);
    refuseAdminFilters(seen.admin, filters, opts);
    const roleSpec = seen.screen === screen ? spec : { ...spec, screen: seen.screen };
    const page = opts.all ? await allPages(roleSpec, client, query) : await seen.screen.list(client, query);
    if (opts.json) {
      printJson(ctx, { ...page, data: page.data.map((row) => rowJson(spec, row, opts)) });
      return;
    }
    if (page.data.length === 0) {
      if (ctx.stdoutIsTty) ctx.note(t(screen.emptyKey ?? 'common.no_data'));
      return;
    }
    printRows(ctx, page.data, columnsOf(roleSpec, opts, query), {
      quota: await quota,
      cellColor: cellColor(spec),
    });
    if (ctx.stdoutIsTty && !opts.all) {
      const pages = Math.max(1, Math.ceil(page.total_count / Math.max(1, page.size)));
      ctx.note(ctx.paintErr('dim', t('common.page_of', { page: page.page, pages, total: page.total_count })));
    }
  });
}

/** `<resource> view <id>`: every column of one record, `Label: value` on a terminal, `--json`. */
export function viewVerb(ctx: CliContext, spec: AnyResourceSpec): Command {
  const command = new Command('view')
    .alias('show')
    .description(ctx.t('cli.verbs.view'))
    .argument('<id>', ctx.t(spec.idKind === 'text' ? 'cli.args.name' : 'cli.args.id'));
  spec.listFlags?.(command, ctx);
  command.addOption(jsonOption(ctx));
  return command.action(async (idText: string, opts: Opts) => {
    const id = checkedId(spec, idText);
    checkJsonFields(jsonRequest(opts.json), spec.jsonFields ?? []);
    const { client } = signedInClient(ctx);
    const quota = opts.json ? undefined : quotaDisplayOf(client);
    const row = (await spec.get?.(client, id)) as unknown;
    if (opts.json) {
      printJson(ctx, rowJson(spec, row, opts));
      return;
    }
    const columnCtx = columnContext(ctx, await quota);
    printRecord(
      ctx,
      columnsOf(spec, opts).map((column) => ({
        id: column.id,
        labelKey: column.titleKey,
        value: column.value(row, columnCtx),
      })),
    );
  });
}

/** `<resource> export`: the whole list (its filters apply) as CSV on stdout, one page in memory at a time. */
export function exportVerb(ctx: CliContext, spec: AnyResourceSpec): Command {
  const filters = filterFlags(ctx, spec.screen.filters, spec.flagNames);
  const command = new Command('export').description(ctx.t('cli.verbs.export'));
  for (const filter of filters) command.addOption(filter.option);
  command.addOption(new Option('--csv', ctx.t('cli.flags.csv')).default(true));
  return command.action(async (opts: Opts) => {
    const query = listQuery(spec, { ...opts, page: '1', limit: String(MAX_PAGE_SIZE) }, filters);
    const { client } = signedInClient(ctx);
    const columnCtx = { ...columnContext({ ...ctx, stdoutIsTty: false }, await quotaDisplayOf(client)) };
    for await (const chunk of screenCsvChunks(spec.screen, client, query, columnCtx)) ctx.write(chunk.text);
  });
}

/** `<resource> status`: the states the screen shows in its header (the Telegram bot's connection). */
export function statusIndicatorVerb(ctx: CliContext, spec: AnyResourceSpec): Command {
  return new Command('status')
    .description(ctx.t('cli.verbs.status'))
    .addOption(jsonOption(ctx))
    .action(async (opts: Opts) => {
      const { client } = signedInClient(ctx);
      const states = await Promise.all(
        (spec.screen.indicators ?? []).map(async (indicator) => ({
          id: indicator.id,
          ...(await indicator.load(client)),
        })),
      );
      if (opts.json) {
        printJson(
          ctx,
          states.map((state) => ({ id: state.id, state: ctx.t(state.labelKey), intent: state.intent })),
        );
        return;
      }
      printRecord(
        ctx,
        states.map((state) => ({
          id: state.id,
          labelKey: spec.screen.titleKey,
          value: ctx.t(state.labelKey),
        })),
      );
    });
}
