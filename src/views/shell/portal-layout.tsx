import { Drawer, Grid, Layout, Skeleton, theme } from 'antd';
import { useState, type ReactNode } from 'react';
import type { MenuItem } from '../../model/navigation';
import { PracticeSwitcher } from './practice-switcher';
import { SideMenu } from './side-menu';
import { SupportContact } from './support-contact';
import { TopBar } from './top-bar';

/**
 * The layout both portals share: a sidebar that collapses below 1200 px (antd's xl breakpoint,
 * access §9) with the practice switcher at its top, a drawer menu on small screens, and the top bar.
 */
export function PortalLayout({ items, children }: { items: readonly MenuItem[] | null; children: ReactNode }) {
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const mobile = screens.md === false;
  const collapsed = screens.xl === false;
  const menu = (onNavigate?: () => void) =>
    items ? (
      <SideMenu items={items} collapsed={!onNavigate && collapsed} onNavigate={onNavigate} />
    ) : (
      <Skeleton active paragraph={{ rows: 4 }} />
    );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {mobile ? null : (
        <Layout.Sider
          width={240}
          collapsed={collapsed}
          collapsedWidth={80}
          trigger={null}
          style={{ background: token.colorBgContainer, borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
        >
          <PracticeSwitcher collapsed={collapsed} />
          <nav aria-label="Main navigation" style={{ paddingBlock: 16 }}>
            {menu()}
          </nav>
          {collapsed ? null : (
            <div style={{ padding: 16 }}>
              <SupportContact />
            </div>
          )}
        </Layout.Sider>
      )}
      <Layout>
        <TopBar onOpenMenu={mobile ? () => setDrawerOpen(true) : undefined} />
        <Layout.Content style={{ padding: 24 }}>
          <main>{children}</main>
        </Layout.Content>
      </Layout>
      {mobile ? (
        <Drawer placement="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} title="Menu" size={280}>
          <PracticeSwitcher collapsed={false} inset={false} />
          <nav aria-label="Main navigation">{menu(() => setDrawerOpen(false))}</nav>
          <div style={{ paddingBlock: 16 }}>
            <SupportContact />
          </div>
        </Drawer>
      ) : null}
    </Layout>
  );
}
