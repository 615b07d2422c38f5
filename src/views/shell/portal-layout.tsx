import { Grid, Layout, theme } from 'antd';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { ShellText } from '../../model/messages';
import { notify } from '../../services/platform/notify';
import type { MenuItem } from '../../model/shell/navigation';
import { PracticeSwitcher } from './practice-switcher';
import { SideMenu } from './side-menu';
import { SupportContact } from './support-contact';
import { TopBar } from './top-bar';
import { OnceOpened } from '../parts/once-opened';
import { lazyNamed } from '../lazy';

const MAIN_ID = 'main-content';

const MenuDrawer = lazyNamed(() => import('./menu-drawer'), 'MenuDrawer');

/** Out of sight until it has focus, so the mouse user never sees it and the keyboard user meets it first. */
const hidden: CSSProperties = { position: 'fixed', insetInlineStart: -10_000, top: 0 };

/**
 * The first tab stop of every portal page: it takes a keyboard user past the sidebar and the top bar.
 * Focus moves by script, not by the #hash, so the address and the router stay as they are.
 */
function SkipLink({ main }: { main: RefObject<HTMLElement | null> }) {
  const { token } = theme.useToken();
  const [focused, setFocused] = useState(false);
  const shown: CSSProperties = {
    position: 'fixed',
    insetInlineStart: token.margin,
    top: token.margin,
    zIndex: token.zIndexPopupBase + 100,
    padding: `${token.paddingXS}px ${token.padding}px`,
    borderRadius: token.borderRadius,
    background: token.colorBgElevated,
    boxShadow: token.boxShadow,
    color: token.colorLink,
    outline: `${token.lineWidthFocus}px solid ${token.colorPrimaryBorder}`,
  };
  return (
    <a
      href={`#${MAIN_ID}`}
      style={focused ? shown : hidden}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        event.preventDefault();
        main.current?.focus();
      }}
    >
      {ShellText.skipToMain}
    </a>
  );
}

/** The widths of antd Skeleton's title and four lines. */
const PLACEHOLDER_WIDTHS = ['38%', '100%', '100%', '100%', '61%'];

/**
 * Where the menu goes while the practice that decides it loads: grey lines where antd's Skeleton drew them, without
 * the 3 KB of its code that every signed-in page downloaded for this moment alone.
 */
function MenuPlaceholder() {
  const { token } = theme.useToken();
  return (
    <div aria-hidden style={{ display: 'flex', flexDirection: 'column', gap: token.marginMD, paddingInline: token.padding }}>
      {PLACEHOLDER_WIDTHS.map((width, index) => (
        <div
          key={index}
          style={{ width, height: token.controlHeightSM / 1.5, borderRadius: token.borderRadiusSM, background: token.colorFillContent }}
        />
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
  const main = useRef<HTMLElement>(null);
  const mobile = screens.md === false;
  const collapsed = screens.xl === false;
  // A toast left by a reload (a switch of practice) is about this page: it shows once the page is here.
  useEffect(() => notify.releasePending(), []);
  const menu = (onNavigate?: () => void) =>
    items ? <SideMenu items={items} collapsed={!onNavigate && collapsed} onNavigate={onNavigate} /> : <MenuPlaceholder />;
  // The menu paints the container colour; the drawer and the sidebar share it, so no box of another shade shows.
  const panel = { background: token.colorBgContainer };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink main={main} />
      {mobile ? null : (
        <Layout.Sider
          width={240}
          collapsed={collapsed}
          collapsedWidth={80}
          trigger={null}
          style={{ ...panel, borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
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
        {/* antd's Content is the page's one main landmark; it takes focus from the skip link only. */}
        <Layout.Content ref={main} id={MAIN_ID} tabIndex={-1} style={{ padding: 24, outline: 'none' }}>
          {children}
        </Layout.Content>
      </Layout>
      {/* The drawer's code loads when the menu is first opened, not with every page a phone shows. */}
      {mobile ? (
        <OnceOpened open={drawerOpen}>
          <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} panel={panel}>
            <PracticeSwitcher collapsed={false} inset={false} />
            <nav aria-label="Main navigation">{menu(() => setDrawerOpen(false))}</nav>
            <div style={{ paddingBlock: 16 }}>
              <SupportContact />
            </div>
          </MenuDrawer>
        </OnceOpened>
      ) : null}
    </Layout>
  );
}
