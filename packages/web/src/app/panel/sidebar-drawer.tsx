import { Drawer, DrawerSize } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useT } from '../../lib/use-t';

/** The sidebar as a 260px overlay drawer, for screens narrower than md. */
export function SidebarDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Drawer
      isOpen={open}
      onClose={onClose}
      position="left"
      size={DrawerSize.SMALL}
      style={{ width: 260 }}
      title={t('common.menu')}
    >
      <div className="gw-sidebar-drawer">{children}</div>
    </Drawer>
  );
}
