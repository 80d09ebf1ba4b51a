import { Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import { formatTimestamp, isAdmin, type Log, logDetailLines } from '@gw/core';
import { useUser } from '../../app/app-context';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { JsonBlock } from '../../kit/json-block';
import { useT } from '../../lib/use-t';

/** One log in full (§3): every field core lists for the role, then its metadata as JSON. */
export function LogDetailDialog({ log, onClose }: { log: Log; onClose: () => void }) {
  const t = useT();
  const quota = useQuotaDisplay();
  const admin = isAdmin(useUser()?.role);
  const lines = logDetailLines(log, { t, quota, time: formatTimestamp }, admin);
  return (
    <Dialog isOpen onClose={onClose} title={t('logs.detail.title', { id: log.id })}>
      <DialogBody>
        <HTMLTable compact className="gw-log-detail">
          <tbody>
            {lines.map((line) => (
              <tr key={line.labelKey}>
                <th scope="row">{t(line.labelKey)}</th>
                <td>{line.text}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {log.metadata && (
          <section aria-label={t('logs.detail.metadata')}>
            <h4>{t('logs.detail.metadata')}</h4>
            <JsonBlock text={JSON.stringify(log.metadata, null, 2)} />
          </section>
        )}
      </DialogBody>
    </Dialog>
  );
}
