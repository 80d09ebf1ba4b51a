import { Button, FormGroup } from '@blueprintjs/core';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { deleteLogsBefore, formatTimestamp } from '@gw/core';
import { useState } from 'react';
import { useApp } from '../../app/app-context';
import { DateTimeInput } from '../../kit/date-time-input';
import { localInputOf, secondsOfLocalInput } from '../../kit/local-time';
import { showToast } from '../../lib/toasts';
import { useServerStep } from '../../kit/mutations';
import { useT } from '../../lib/use-t';

const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000;

/** Clears logs older than a cut-off (default: 30 days ago), after a confirmation the source lacked. */
export function LogCleanup() {
  const t = useT();
  const { client } = useApp();
  const [cutoff, setCutoff] = useState(() => localInputOf(Math.floor((Date.now() - THIRTY_DAYS_MS) / 1000)));
  const [asking, setAsking] = useState(false);
  const { busy, run } = useServerStep();
  const seconds = secondsOfLocalInput(cutoff) ?? Number.NaN;

  const clear = async () => {
    setAsking(false);
    await run(async () => {
      const count = await deleteLogsBefore(client, seconds);
      showToast('success', t('options.screen.logs_cleared', { count }));
    });
  };

  return (
    <FormGroup label={t('options.screen.clear_logs_before')} labelFor="option-log-cutoff">
      <div className="gw-log-cleanup">
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
      </div>
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
