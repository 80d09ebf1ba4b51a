import { Button, FormGroup } from '@blueprintjs/core';
import { generateInvoiceMonth, invoiceMonthOf, previousInvoiceMonth, regenerateInvoiceMonth } from '@gw/core';
import { useState } from 'react';
import { useApp } from '../../app/app-context';
import { DateInput } from '../../kit/date-input';
import { useScreenSections } from '../../kit/use-screen-sections';
import { showError, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';

/**
 * Root's tools under the monthly bill setting (console-screens §24.1): pick a month that is over and
 * make its bills now, or make them again from the logs. Shown while the bills are on.
 */
export function InvoiceMonthTools() {
  const ready = useScreenSections(['billing']);
  return ready ? <MonthTools /> : null;
}

function MonthTools() {
  const t = useT();
  const { client } = useApp();
  const [month, setMonth] = useState(() => previousInvoiceMonth().slice(0, 7));
  const [busy, setBusy] = useState<'gen' | 'update' | undefined>();
  const run = async (mode: 'gen' | 'update') => {
    const date = invoiceMonthOf(month);
    if (!date) {
      showToast('error', t('billing.invoices.tools.month_required'));
      return;
    }
    setBusy(mode);
    try {
      const message = await (mode === 'gen' ? generateInvoiceMonth : regenerateInvoiceMonth)(client, date);
      showToast('success', message);
    } catch (error) {
      showError(error, t);
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <FormGroup label={t('billing.invoices.tools.month')} labelFor="invoice-month">
      <div className="gw-invoice-tools">
        <DateInput id="invoice-month" month value={month} onValueChange={setMonth} />
        <Button
          text={t('billing.invoices.tools.generate')}
          loading={busy === 'gen'}
          onClick={() => void run('gen')}
        />
        <Button
          text={t('billing.invoices.tools.regenerate')}
          loading={busy === 'update'}
          onClick={() => void run('update')}
        />
      </div>
    </FormGroup>
  );
}
