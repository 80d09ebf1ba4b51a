// One month's bill (console-screens §11 bill detail) in the terminal, opened with Enter on a bill: core
// builds the sheet (number, account, per-model lines sorted by amount, totals); the lines are core's
// invoice model columns, dropped by priority to fit the width, as the web's phone layout does.
import {
  type ColumnContext,
  formatTimestamp,
  INVOICE_MODEL_COLUMNS,
  type InvoiceMonth,
  type InvoiceSheet,
  invoiceAmountText,
  invoiceMonthLabel,
  invoiceSecondsText,
  loadInvoiceSheet,
  thousands,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { useLiveReload } from '../../kit/use-live-reload.js';
import { DataTable } from '../../ui/data-table.js';

/** The bill of the month `row` names, read from the server. */
export function InvoiceSheetView({ row }: { row: InvoiceMonth }) {
  const { t, glyphs, columns } = useTuiEnv();
  const { client, user, quota } = useSession();
  const host = useScreenHost();
  const month = invoiceMonthLabel(row.date);
  // Read once (a past month's bill does not change); `r` reads it again.
  const { data: sheet } = useLiveReload<InvoiceSheet | undefined>(
    () => loadInvoiceSheet(client, month, user),
    month,
    { refreshSeconds: 0, onError: host.notifyError, keys: host.active },
  );
  if (!sheet)
    return (
      <Box paddingX={1}>
        <Text dimColor>{glyphs.text(t('common.loading'))}</Text>
      </Box>
    );
  const ctx: ColumnContext = { t, quota, time: formatTimestamp };
  const facts: [string, string][] = [
    [t('billing.invoices.sheet.number'), sheet.billNumber],
    [t('billing.invoices.sheet.username'), sheet.username],
    [t('billing.invoices.sheet.email'), sheet.email || '-'],
    [t('billing.invoices.sheet.month'), sheet.month],
    [t('billing.invoices.fields.prompt_tokens'), thousands(sheet.totals.prompt_tokens)],
    [t('billing.invoices.fields.completion_tokens'), thousands(sheet.totals.completion_tokens)],
    [t('billing.invoices.sheet.total_time'), invoiceSecondsText(sheet.totals.request_time)],
    [t('billing.invoices.fields.requests'), thousands(sheet.totals.request_count)],
  ];
  const labelWidth = Math.max(...facts.map(([label]) => label.length));
  // What is left of the pane for the lines: title, facts, the lines' heading and header, the total.
  const room = Math.max(1, host.height - facts.length - 5);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{`${t('billing.invoices.sheet.title')} ${glyphs.separator} ${sheet.month}`}</Text>
      {facts.map(([label, value]) => (
        <Text key={label} wrap="truncate-end">{`  ${label.padEnd(labelWidth)}  ${glyphs.text(value)}`}</Text>
      ))}
      <Text bold>{t('billing.invoices.sheet.lines')}</Text>
      {sheet.lines.length === 0 ? (
        <Text dimColor>{t('billing.invoices.empty')}</Text>
      ) : (
        <DataTable
          columns={INVOICE_MODEL_COLUMNS}
          rows={sheet.lines.slice(0, room)}
          ctx={ctx}
          selected={-1}
          width={columns - 2}
          glyphs={glyphs}
        />
      )}
      <Text
        bold
      >{`${t('billing.invoices.sheet.total')}: ${invoiceAmountText(sheet.totals.quota, ctx)}`}</Text>
    </Box>
  );
}
