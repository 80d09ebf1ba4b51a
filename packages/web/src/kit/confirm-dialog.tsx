import { Alert, type IconName, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useT } from '../lib/use-t';

interface ConfirmDialogProps {
  isOpen: boolean;
  /** The question's heading ("Delete bob?"); read out as the dialog's name. */
  title: string;
  /** What will happen, in a sentence or two. */
  children?: ReactNode;
  /** The button that goes ahead ("Delete", "Clear historical logs"); Cancel is always offered. */
  actionText: string;
  intent?: Intent;
  icon?: IconName;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The console's one confirmation dialog (console-screens §0.8): a title, its content, the action's own
 * button and Cancel. Every question before a destructive or far-reaching step goes through it.
 */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  actionText,
  intent = 'primary',
  icon,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useT();
  return (
    <Alert
      isOpen={isOpen}
      intent={intent}
      icon={icon}
      confirmButtonText={actionText}
      cancelButtonText={t('common.cancel')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <h4 className="bp6-heading gw-confirm-title">{title}</h4>
      {typeof children === 'string' ? <p>{children}</p> : children}
    </Alert>
  );
}
