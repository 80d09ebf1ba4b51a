import { Button, FormGroup } from '@blueprintjs/core';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { deleteLogsBefore, formatTimestamp } from '@gw/core';
import { useState } from 'react';
import { useApp } from '../../app/app-context';
import { DateTimeInput } from '../../kit/date-time-input';
import { showError, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';

const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000;

/** `YYYY-MM-DDTHH:mm` in local time, what the date-and-time field holds. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Clears logs older than a cut-off (default: 30 days ago), after a confirmation the source lacked. */
export function LogCleanup() {
  const t = useT();
  const { client } = useApp();
  const [cutoff, setCutoff] = useState(() => localInputValue(new Date(Date.now() - THIRTY_DAYS_MS)));
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const seconds = Math.floor(new Date(cutoff).getTime() / 1000);

  const clear = async () => {
    setAsking(false);
    setBusy(true);
    try {
      const count = await deleteLogsBefore(client, seconds);
      showToast('success', t('options.screen.logs_cleared', { count }));
    } catch (error) {
      showError(error, t);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormGroup label={t('options.screen.clear_logs_before')} labelFor="option-log-cutoff">
      <DateTimeInput
        id="option-log-cutoff"
        label={t('options.screen.clear_logs_before')}
        value={cutoff}
        onChange={setCutoff}
      />
      <Button
        intent="danger"
        text={t('options.screen.clear_logs')}
        loading={busy}
        disabled={!Number.isFinite(seconds)}
        onClick={() => setAsking(true)}
      />
      <ConfirmDialog
        isOpen={asking}
        title={t('web.kit.confirm_title_plain', { action: t('options.screen.clear_logs') })}
        actionText={t('options.screen.clear_logs')}
        intent="danger"
        icon="trash"
        onCancel={() => setAsking(false)}
        onConfirm={() => void clear()}
      >
        {t('options.screen.clear_logs_confirm', { time: formatTimestamp(seconds) })}
      </ConfirmDialog>
    </FormGroup>
  );
}
