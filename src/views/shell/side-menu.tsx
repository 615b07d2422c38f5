import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'wouter';
import type { MenuItem } from '../../model/navigation';
import { menuIcons } from './menu-icons';

/** The menu items of the model rendered as links; the current route's item is selected. */
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
  const selected = items
    .filter((item) => item.kind === 'route' && (location === item.path || location.startsWith(`${item.path}/`)))
    .sort((a, b) => (b.kind === 'route' && a.kind === 'route' ? b.path.length - a.path.length : 0))
    .slice(0, 1)
    .map((item) => item.key);
  const menuItems: MenuProps['items'] = items.map((item) => ({
    key: item.key,
    icon: menuIcons[item.key],
    label:
      item.kind === 'route' ? (
        <Link href={item.path} onClick={onNavigate}>
          {item.label}
        </Link>
      ) : (
        <a href={item.href} target="_blank" rel="noopener noreferrer">
          {item.label}
        </a>
      ),
  }));
  return <Menu mode="inline" inlineCollapsed={collapsed} selectedKeys={selected} items={menuItems} style={{ borderInlineEnd: 'none' }} />;
}
