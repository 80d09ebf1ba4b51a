import { Button, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import {
  type ColumnContext,
  columnsForWidth,
  formatTimestamp,
  INVOICE_MODEL_COLUMNS,
  invoiceAmountText,
  invoiceSecondsText,
  loadInvoiceSheet,
  thousands,
} from '@gw/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useApp } from '../../app/app-context';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { queryClient } from '../../kit/query-client';
import { useScreenSections } from '../../kit/use-screen-sections';
import { useSelf } from '../../kit/use-self';
import { showError, showToast } from '../../lib/toasts';
import { SMALL_SCREEN, useMediaQuery } from '../../lib/media';
import { useT } from '../../lib/use-t';
import './invoices.css';

const LIST_PATH = '/panel/invoice';

/** One month's bill as a printable sheet (console-screens §11 bill detail). */
export function InvoiceDetailPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <InvoiceDetailGate />
    </QueryClientProvider>
  );
}

function InvoiceDetailGate() {
  const ready = useScreenSections(['billing']);
  return ready ? <InvoiceSheetView /> : <Spinner className="gw-page-spinner" />;
}

function InvoiceSheetView() {
  const t = useT();
  const { client, site } = useApp();
  const quota = useQuotaDisplay();
  const navigate = useNavigate();
  const month = useParams().month ?? '';
  const self = useSelf();
  // Phones keep the model, the requests and the amount (core's priorities 1–2).
  const columns = useMediaQuery(SMALL_SCREEN)
    ? columnsForWidth(INVOICE_MODEL_COLUMNS, 2)
    : INVOICE_MODEL_COLUMNS;
  const account = self.data;
  const sheet = useQuery({
    queryKey: ['invoices', 'sheet', month, account?.id],
    queryFn: () => (account ? loadInvoiceSheet(client, month, account) : Promise.resolve(undefined)),
    enabled: account !== undefined,
  });
  // On an error the list is where the user can pick another month (§11): toast and go back.
  const failure = self.error ?? sheet.error;
  useEffect(() => {
    if (!failure) return;
    showError(failure, t);
    navigate(LIST_PATH, { replace: true });
  }, [failure, navigate, t]);
  const unreadable = sheet.isSuccess && sheet.data === undefined;
  useEffect(() => {
    if (!unreadable) return;
    showToast('error', t('billing.invoices.sheet.bad_month', { month }));
    navigate(LIST_PATH, { replace: true });
  }, [unreadable, month, navigate, t]);
  if (!sheet.data) return <Spinner className="gw-page-spinner" />;
  const bill = sheet.data;
  const ctx: ColumnContext = { t, quota, time: formatTimestamp };
  const summary: [string, string][] = [
    ['billing.invoices.fields.prompt_tokens', thousands(bill.totals.prompt_tokens)],
    ['billing.invoices.fields.completion_tokens', thousands(bill.totals.completion_tokens)],
    ['billing.invoices.sheet.total_time', invoiceSecondsText(bill.totals.request_time)],
    ['billing.invoices.fields.requests', thousands(bill.totals.request_count)],
  ];
  return (
    <div className="gw-invoice">
      <div className="gw-invoice-actions">
        <Button
          icon="arrow-left"
          text={t('billing.invoices.sheet.back')}
          onClick={() => navigate(LIST_PATH)}
        />
        <Button text={t('billing.invoices.sheet.print')} onClick={() => window.print()} />
      </div>
      <article className="gw-invoice-sheet" aria-label={t('billing.invoices.sheet.title')}>
        <header className="gw-invoice-head">
          <div className="gw-invoice-brand">
            {site?.logo ? (
              <img src={site.logo} alt="" height={32} />
            ) : (
              <span className="gw-logo-mark">gw</span>
            )}
            <strong>{site?.system_name || t('site.default_name')}</strong>
          </div>
          <div>
            <h2>{t('billing.invoices.sheet.title')}</h2>
            <p>
              {t('billing.invoices.sheet.number')}: <strong>{bill.billNumber}</strong>
            </p>
          </div>
        </header>
        <dl className="gw-invoice-account">
          <dt>{t('billing.invoices.sheet.username')}</dt>
          <dd>{bill.username}</dd>
          <dt>{t('billing.invoices.sheet.email')}</dt>
          <dd>{bill.email || '-'}</dd>
          <dt>{t('billing.invoices.sheet.month')}</dt>
          <dd>{bill.month}</dd>
        </dl>
        <h3>{t('billing.invoices.sheet.summary')}</h3>
        <dl className="gw-invoice-summary">
          {summary.map(([key, value]) => (
            <div key={key}>
              <dt>{t(key)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h3>{t('billing.invoices.sheet.lines')}</h3>
        {bill.lines.length === 0 ? (
          <NonIdealState icon="document" title={t('billing.invoices.empty')} />
        ) : (
          <div className="gw-table-wrap">
            <HTMLTable compact striped className="gw-table" aria-label={t('billing.invoices.sheet.lines')}>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column.id}>{t(column.titleKey)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {bill.lines.map((line) => (
                  <tr key={line.model_name}>
                    {columns.map((column) => (
                      <td key={column.id}>{column.value(line, ctx)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
        <p className="gw-invoice-total">
          {t('billing.invoices.sheet.total')}: <strong>{invoiceAmountText(bill.totals.quota, ctx)}</strong>
        </p>
      </article>
    </div>
  );
}
