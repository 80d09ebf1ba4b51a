import { INVOICE_SCREEN, type InvoiceMonth, invoiceDetailPath, invoiceMonthLabel } from '@gw/core';
import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ResourceScreen } from '../../kit/resource-screen';
import type { RowSlots } from '../../kit/resource-table';
import { useT } from '../../lib/use-t';

/**
 * The monthly bills (console-screens §11): the list of months, each opening its sheet, and at
 * `/panel/invoice/detail/YYYY-MM` that sheet (one route chunk for both).
 */
export function InvoicePage() {
  return useParams().month === undefined ? <InvoiceList /> : <InvoiceDetailRoute />;
}

function InvoiceList() {
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

// The sheet loads from this chunk when first opened.
const InvoiceDetailPage = lazy(() =>
  import('./invoice-detail-page').then((module) => ({ default: module.InvoiceDetailPage })),
);

/** One month's sheet, loaded when first opened. */
function InvoiceDetailRoute() {
  return (
    <Suspense fallback={<Spinner className="gw-page-spinner" />}>
      <InvoiceDetailPage />
    </Suspense>
  );
}
