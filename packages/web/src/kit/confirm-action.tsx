import { Alert, type IconName } from '@blueprintjs/core';
import type { ActionDef } from '@gw/core';
import { useT } from '../lib/use-t';

/** The question before an action with a `confirmKey`, naming the row or the count of rows. */
export function ConfirmAction<Row>({
  action,
  name,
  count,
  onConfirm,
  onCancel,
}: {
  action: ActionDef<Row> | undefined;
  name?: string;
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <Alert
      isOpen={action !== undefined}
      intent={action?.intent === 'danger' ? 'danger' : 'primary'}
      icon={action?.icon as IconName | undefined}
      confirmButtonText={action ? t(action.labelKey) : ''}
      cancelButtonText={t('common.cancel')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {action?.confirmKey ? t(action.confirmKey, { name, count }) : null}
    </Alert>
  );
}
