import { INVOICE_SCREEN, type InvoiceMonth, invoiceDetailPath, invoiceMonthLabel } from '@gw/core';
import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { ResourceScreen } from '../../kit/resource-screen';
import type { RowSlots } from '../../kit/resource-table';
import { useT } from '../../lib/use-t';

/** The monthly bill list (console-screens §11): one row per month, each opening its sheet. */
export function InvoicePage() {
  const t = useT();
  const slots: RowSlots<InvoiceMonth> = {
    actions: (row) => (
      <Link
        className="bp6-button bp6-small"
        to={invoiceDetailPath(row.date)}
        aria-label={t('billing.invoices.view_month', { month: invoiceMonthLabel(row.date) })}
      >
        {t('billing.invoices.view')}
      </Link>
    ),
  };
  return <ResourceScreen screen={INVOICE_SCREEN} slots={slots} />;
}

// The sheet loads from this chunk, so the console shell lists one bill route, not two.
const InvoiceDetailPage = lazy(() =>
  import('./invoice-detail-page').then((module) => ({ default: module.InvoiceDetailPage })),
);

/** `/panel/invoice/detail/YYYY-MM`: one month's sheet. */
export function InvoiceDetailRoute() {
  return (
    <Suspense fallback={<Spinner className="gw-page-spinner" />}>
      <InvoiceDetailPage />
    </Suspense>
  );
}
