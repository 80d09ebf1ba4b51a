import { Card } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** The centred card every sign-in page sits in (console-screens §13): a title, the form, links under it. */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card className="gw-login-card" elevation={2}>
      <h2>{title}</h2>
      {children}
      {footer ? <div className="gw-auth-footer">{footer}</div> : null}
    </Card>
  );
}
