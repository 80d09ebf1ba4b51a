// The CSV export of the logs (issue 10): core's log columns as every face shows them, written batch by
// batch into the reply as the database hands them over, so a million rows never sit in memory at once.
import { Readable } from 'node:stream';
import {
  type ColumnContext,
  csvHeader,
  DEFAULT_QUOTA_PER_UNIT,
  csvRows,
  formatIsoTimestamp,
  type Language,
  type Log,
  logColumnsFor,
  normalizeLanguage,
  optionDefault,
  type QuotaDisplay,
} from '@gw/core';
import type { FastifyReply } from 'fastify';
import type { OptionStore } from '../../shared/context.js';
import { translatorFor } from '../../shared/language.js';

/** Reads the site's quota display (points or currency) when an export starts. */
export type QuotaDisplayLookup = () => Promise<QuotaDisplay>;

/** The quota display the site's options ask for (as `/api/status` tells the consoles). */
export function siteQuotaDisplay(options: OptionStore): QuotaDisplayLookup {
  return async () => {
    const values = await options.getMany(['QuotaPerUnit', 'DisplayInCurrencyEnabled']);
    const currency = values.get('DisplayInCurrencyEnabled') ?? optionDefault('DisplayInCurrencyEnabled');
    return {
      quotaPerUnit: Number(values.get('QuotaPerUnit')) || DEFAULT_QUOTA_PER_UNIT,
      displayInCurrency: currency === 'true',
    };
  };
}

/** The download's file name: `logs-<UTC date>.csv`. */
export function logExportFileName(now = new Date()): string {
  return `logs-${now.toISOString().slice(0, 10)}.csv`;
}

/** The export's CSV text: a byte-order mark and the header (so spreadsheets read UTF-8), then each batch. */
export async function* logCsvChunks(
  batches: AsyncIterable<Log[]>,
  admin: boolean,
  ctx: ColumnContext,
): AsyncGenerator<string> {
  const columns = logColumnsFor(admin);
  yield `\uFEFF${csvHeader(columns, ctx)}`;
  for await (const logs of batches) yield csvRows(columns, logs, ctx);
}

/**
 * Sends the export as a streamed `text/csv` attachment. The header row is in `lang` when it names a
 * language, else the request's; times are ISO 8601 (UTC), the quota as the site displays it.
 */
export async function sendLogCsv(
  reply: FastifyReply,
  batches: AsyncIterable<Log[]>,
  options: { admin: boolean; lang: string; language: Language; quotaDisplay: QuotaDisplayLookup },
): Promise<FastifyReply> {
  const ctx: ColumnContext = {
    t: translatorFor(normalizeLanguage(options.lang) ?? options.language),
    quota: await options.quotaDisplay(),
    time: formatIsoTimestamp,
  };
  const name = logExportFileName();
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(logCsvChunks(batches, options.admin, ctx)));
}
