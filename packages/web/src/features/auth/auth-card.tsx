import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/**
 * The centred card every sign-in page sits in (console-screens §13): a title, the form, links under it.
 * Drawn with Blueprint's card classes: the sign-in page is the first screen, and the component adds
 * nothing a static card needs.
 */
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
    <div className={`${Classes.CARD} ${Classes.ELEVATION_2} gw-login-card`}>
      <h2>{title}</h2>
      {children}
      {footer ? <div className="gw-auth-footer">{footer}</div> : null}
    </div>
  );
}
