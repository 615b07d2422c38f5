import { Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { selectedMenuKey, type MenuItem } from '../../model/shell/navigation';
import { menuIcons } from './menu-icons';
import './shell.css';

/**
 * The menu items of the model rendered as links; the current route's item is selected.
 *
 * The menu is one tab stop, as a menu should be: its list is not focusable itself (antd makes it so), and of
 * the links only one takes Tab, the one last focused on this page or else the current page's; antd's Menu
 * moves focus between the links with the arrow keys.
 */
export function SideMenu({
  items,
  onNavigate,
  collapsed = false,
}: {
  items: readonly MenuItem[];
  onNavigate?: () => void;
  collapsed?: boolean;
}) {
  const [location] = useLocation();
  const [focused, setFocused] = useState<{ key: string; at: string } | null>(null);
  const current = selectedMenuKey(items, location);
  const selected = current ? [current] : [];
  const lastFocused = focused?.at === location ? items.find((item) => item.key === focused.key)?.key : undefined;
  const tabStop = lastFocused ?? selected[0] ?? items[0]?.key;
  const menuItems: MenuProps['items'] = items.map((item) => {
    const focus = { tabIndex: item.key === tabStop ? 0 : -1, onFocus: () => setFocused({ key: item.key, at: location }) };
    return {
      key: item.key,
      icon: menuIcons[item.key],
      label:
        item.kind === 'route' ? (
          <Link href={item.path} onClick={onNavigate} {...focus}>
            {item.label}
          </Link>
        ) : (
          <a href={item.href} target="_blank" rel="noopener noreferrer" {...focus}>
            {item.label}
          </a>
        ),
    };
  });
  return (
    <Menu mode="inline" tabIndex={-1} inlineCollapsed={collapsed} selectedKeys={selected} items={menuItems} className="shell-side-menu" />
  );
}
