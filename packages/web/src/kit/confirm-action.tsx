import type { IconName } from '@blueprintjs/core';
import type { ActionDef } from '@gw/core';
import { useT } from '../lib/use-t';
import { ConfirmDialog } from './confirm-dialog';

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
  const label = action ? t(action.labelKey) : '';
  const title =
    name !== undefined
      ? t('web.kit.confirm_title', { action: label, name })
      : count > 1
        ? t('web.kit.confirm_title_many', { action: label, count })
        : t('web.kit.confirm_title_plain', { action: label });
  return (
    <ConfirmDialog
      isOpen={action !== undefined}
      title={title}
      actionText={label}
      intent={action?.intent === 'danger' ? 'danger' : 'primary'}
      icon={action?.icon as IconName | undefined}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {action?.confirmKey ? t(action.confirmKey, { name, count }) : null}
    </ConfirmDialog>
  );
}
