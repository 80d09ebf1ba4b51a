import { Dialog, DialogBody, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { type AuditEntry, auditChangeRows } from '@gw/core';
import { useT } from '../../lib/use-t';

/** An entry's changed fields in full, one row each with its value before and after (secrets read ***). */
export function AuditChangesDialog({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const t = useT();
  const rows = auditChangeRows(entry.changes);
  const name = `${entry.action} ${entry.resource_id}`.trim();
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('audit.detail.title', { name })}
      style={{ width: 'min(900px, 95vw)' }}
    >
      <DialogBody>
        {rows.length === 0 ? (
          <NonIdealState icon="info-sign" title={t('audit.detail.none')} />
        ) : (
          <HTMLTable compact striped style={{ width: '100%', tableLayout: 'fixed' }}>
            <thead>
              <tr>
                <th style={{ width: '20%' }}>{t('audit.detail.field')}</th>
                <th>{t('audit.detail.before')}</th>
                <th>{t('audit.detail.after')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.field}>
                  <td>{row.field}</td>
                  <td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{row.before}</td>
                  <td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{row.after}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
    </Dialog>
  );
}
