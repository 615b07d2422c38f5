import { Grid, Layout, theme } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { notify } from '../../services/platform/notify';
import type { MenuItem } from '../../model/shell/navigation';
import { PracticeSwitcher } from './practice-switcher';
import { SideMenu } from './side-menu';
import { SupportContact } from './support-contact';
import { TopBar } from './top-bar';
import { OnceOpened } from '../parts/once-opened';
import { PageCodeBoundary } from './page-code-boundary';
import { lazyNamed } from '../lazy';
import './shell.css';
import { ShellText } from '../../model/shell/shell-texts';

const MAIN_ID = 'main-content';

const MenuDrawer = lazyNamed(() => import('./menu-drawer'), 'MenuDrawer');

/**
 * The first tab stop of every portal page: it takes a keyboard user past the sidebar and the top bar.
 * Focus moves by script, not by the #hash, so the address and the router stay as they are. Out of sight until it
 * has focus (shell.css), so the mouse user never sees it and the keyboard user meets it first.
 */
function SkipLink({ main }: { main: RefObject<HTMLElement | null> }) {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="shell-skip-link"
      onClick={(event) => {
        event.preventDefault();
        main.current?.focus();
      }}
    >
      {ShellText.skipToMain}
    </a>
  );
}

/** antd Skeleton's title and four lines; their widths are in shell.css. */
const PLACEHOLDER_LINES = 5;

/**
 * Where the menu goes while the practice that decides it loads: grey lines where antd's Skeleton drew them, without
 * the 3 KB of its code that every signed-in page downloaded for this moment alone.
 */
function MenuPlaceholder() {
  return (
    <div aria-hidden className="shell-menu-placeholder">
      {Array.from({ length: PLACEHOLDER_LINES }, (_, index) => (
        <div key={index} className="shell-menu-placeholder-line" />
      ))}
    </div>
  );
}

/**
 * The layout both portals share: a sidebar that collapses below 1200 px (antd's xl breakpoint,
 * access §9) with the practice switcher at its top, a drawer menu on small screens, and the top bar.
 */
export function PortalLayout({ items, children }: { items: readonly MenuItem[] | null; children: ReactNode }) {
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const openMenu = useCallback(() => setDrawerOpen(true), []);
  const main = useRef<HTMLElement>(null);
  const mobile = screens.md === false;
  const collapsed = screens.xl === false;
  // A toast left by a reload (a switch of practice) is about this page: it shows once the page is here.
  useEffect(() => notify.releasePending(), []);
  const menu = (onNavigate?: () => void) =>
    items ? <SideMenu items={items} collapsed={!onNavigate && collapsed} onNavigate={onNavigate} /> : <MenuPlaceholder />;
  // The menu paints the container colour; the drawer shares it (the sidebar in shell.css), so no box of another shade shows.
  const panel = { background: token.colorBgContainer };

  return (
    <Layout className="shell-full-page">
      <SkipLink main={main} />
      {mobile ? null : (
        <Layout.Sider width={240} collapsed={collapsed} collapsedWidth={80} trigger={null} className="shell-sider">
          <PracticeSwitcher collapsed={collapsed} />
          <nav aria-label="Main navigation" className="shell-sider-nav">
            {menu()}
          </nav>
          {collapsed ? null : (
            <div className="shell-sider-support">
              <SupportContact />
            </div>
          )}
        </Layout.Sider>
      )}
      <Layout>
        <TopBar onOpenMenu={mobile ? openMenu : undefined} />
        {/* antd's Content is the page's one main landmark; it takes focus from the skip link only. A page whose code
            cannot be fetched says so here, with the menu still beside it. */}
        <Layout.Content ref={main} id={MAIN_ID} tabIndex={-1} className="shell-main">
          <PageCodeBoundary>{children}</PageCodeBoundary>
        </Layout.Content>
      </Layout>
      {/* The drawer's code loads when the menu is first opened, not with every page a phone shows. */}
      {mobile ? (
        <OnceOpened open={drawerOpen}>
          <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} panel={panel}>
            <PracticeSwitcher collapsed={false} inset={false} />
            <nav aria-label="Main navigation">{menu(() => setDrawerOpen(false))}</nav>
            <div className="shell-drawer-support">
              <SupportContact />
            </div>
          </MenuDrawer>
        </OnceOpened>
      ) : null}
    </Layout>
  );
}
