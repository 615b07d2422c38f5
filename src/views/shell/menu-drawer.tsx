import { Drawer } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/** The side menu on a narrow screen. Its own chunk: a wide screen never downloads the drawer. */
export function MenuDrawer({
  open,
  onClose,
  panel,
  children,
}: {
  open: boolean;
  onClose: () => void;
  panel: CSSProperties;
  children: ReactNode;
}) {
  return (
    <Drawer placement="left" open={open} onClose={onClose} title="Menu" size={280} styles={{ section: panel }}>
      {children}
    </Drawer>
  );
}
