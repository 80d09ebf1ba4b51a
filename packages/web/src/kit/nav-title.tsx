import { findMenuItem } from '@gw/core';
import type { ReactNode } from 'react';
import { useT } from '../lib/use-t';

/**
 * A page's title row for a screen drawn by hand (not a core screen definition): the title is its menu
 * item's, from core's navigation, so the sidebar, breadcrumbs and page say the same words.
 */
export function NavTitle({ id, actions }: { id: string; actions?: ReactNode }) {
  const t = useT();
  const entry = findMenuItem(id);
  if (!entry) throw new Error(`no menu item "${id}" in core's navigation`);
  return (
    <div className="gw-page-header">
      <h2>{t(entry.title)}</h2>
      {actions && <span className="gw-page-header-actions">{actions}</span>}
    </div>
  );
}
