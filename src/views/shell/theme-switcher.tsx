import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useSelector } from '@xstate/react';
import { Button, Dropdown, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { THEMES, type ThemePreference } from '../../model/constants';
import { selectPreference } from '../../machines/shell/theme.selectors';
import { useThemeActor } from './theme';
import { useMenuButton } from './menu-button';
import { ThemeText } from '../../model/shell/shell-texts';

const icons: Record<ThemePreference, ReactNode> = {
  light: <SunOutlined aria-hidden />,
  dark: <MoonOutlined aria-hidden />,
  system: <DesktopOutlined aria-hidden />,
};

/** The theme preference in the top bar: light, dark or system, the current one checked. */
export function ThemeSwitcher() {
  const actor = useThemeActor();
  const preference = useSelector(actor, selectPreference);
  const menuButton = useMenuButton();
  const items: MenuProps['items'] = THEMES.map((theme) => ({ key: theme, icon: icons[theme], label: ThemeText[theme] }));
  const choose: MenuProps['onClick'] = ({ key }) => {
    const theme = THEMES.find((candidate) => candidate === key);
    if (theme) actor.send({ type: 'theme.change', theme });
  };
  return (
    <Dropdown
      trigger={['click']}
      {...menuButton.dropdown}
      menu={{ ...menuButton.menu, 'aria-label': ThemeText.switcher, items, selectable: true, selectedKeys: [preference], onClick: choose }}
    >
      <Button
        {...menuButton.button}
        type="text"
        className="shell-menu-button"
        icon={icons[preference]}
        aria-label={`${ThemeText.switcher}: ${ThemeText[preference]}`}
      />
    </Dropdown>
  );
}
