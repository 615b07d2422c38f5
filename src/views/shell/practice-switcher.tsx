import { CheckOutlined, DownOutlined } from '@ant-design/icons';
import { useSelector } from '@xstate/react';
import { Button, Dropdown, Flex, Tooltip, theme, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { practiceSwitcher, switcherButtonName, SWITCHER_DROPDOWN_WIDTH_PX, type SwitcherEntry } from '../../model/auth/practice-switcher';
import { accountSwitchMachine } from '../../machines/auth/account-switch.machine';
import { selectSwitchBusy } from '../../machines/auth/account-switch.selectors';
import { selectUser } from '../../machines/auth/session.selectors';
import { useSession } from '../auth/session';
import { useWorkflow } from '../use-workflow';
import { useMenuButton } from './menu-button';
import { EllipsisText } from '../parts/ellipsis-text';
import './shell.css';
import { PracticeSwitcherText } from '../../model/auth/auth-texts';

/**
 * Access §3 "Practice switcher", at the top of the sidebar: the current practice alone when there is
 * nothing to switch to, otherwise a dropdown of every practice account. Collapsed, only the initials
 * show and the name moves to a tooltip and the accessible name.
 */
export function PracticeSwitcher({ collapsed, inset = true }: { collapsed: boolean; inset?: boolean }) {
  const user = useSession(selectUser);
  const switcher = useMemo(() => practiceSwitcher(user), [user]);
  const actor = useWorkflow(accountSwitchMachine);
  const busy = useSelector(actor, selectSwitchBusy);
  const menuButton = useMenuButton();

  if (switcher.mode === 'hidden') return null;
  const { current } = switcher;
  if (switcher.mode === 'single') {
    return (
      <Tooltip title={collapsed ? current.label : undefined} placement="right">
        <section aria-label={`${PracticeSwitcherText.currentPractice}: ${current.label}`} className={frameClass(collapsed, inset)}>
          <PracticeFace entry={current} collapsed={collapsed} />
        </section>
      </Tooltip>
    );
  }

  const items: MenuProps['items'] = switcher.entries.map((entry) => ({
    key: entry.key,
    icon: <Initials entry={entry} spaced />,
    label: entry.current ? <strong>{entry.label}</strong> : entry.label,
    extra: entry.current ? <CheckOutlined aria-label={PracticeSwitcherText.current} /> : undefined,
  }));
  const pick: MenuProps['onClick'] = ({ key }) => {
    const entry = switcher.entries.find((candidate) => candidate.key === key);
    if (entry) actor.send({ type: 'switch.pick', entry });
  };
  return (
    <div className={frameClass(collapsed, inset)}>
      <Dropdown
        trigger={['click']}
        disabled={busy}
        placement="bottomLeft"
        styles={{ root: { width: SWITCHER_DROPDOWN_WIDTH_PX } }}
        {...menuButton.dropdown}
        menu={{ ...menuButton.menu, items, onClick: pick, 'aria-label': PracticeSwitcherText.switchPractice }}
      >
        <Tooltip title={collapsed ? current.label : undefined} placement="right">
          <Button
            {...menuButton.button}
            type="text"
            block
            loading={busy}
            disabled={busy}
            aria-label={switcherButtonName(current.label, current.initials)}
            className={
              collapsed
                ? 'shell-menu-button shell-switcher-button shell-switcher-button-collapsed'
                : 'shell-menu-button shell-switcher-button'
            }
          >
            <PracticeFace entry={current} collapsed={collapsed} />
            {collapsed ? null : <DownOutlined aria-hidden className="shell-switcher-caret" />}
          </Button>
        </Tooltip>
      </Dropdown>
    </div>
  );
}

/** The sidebar's own edge needs a gap; the drawer's body brings its own padding. */
function frameClass(collapsed: boolean, inset: boolean): string | undefined {
  if (!inset) return undefined;
  return collapsed ? 'shell-switcher-inset-collapsed' : 'shell-switcher-inset';
}

/** The initials' square (shell.css), as wide as antd's avatar; its inner width leaves a 2 px gap on either side. */
const INITIALS_SIZE_PX = 32;
const INITIALS_ROOM_PX = INITIALS_SIZE_PX - 4;
/** About the width of a capital letter at the body's 14 px. */
const CAPITAL_WIDTH_PX = 9.5;

/** `spaced`: a menu item's icon, 8 px from its label. */
function Initials({ entry, spaced = false }: { entry: SwitcherEntry; spaced?: boolean }) {
  // The colours come from the theme in React, not from CSS variables: inside the dropdown's menu antd scopes
  // `--ant-color-primary` to the menu's own lighter tone in the dark theme, and white initials on it fail contrast.
  const { token } = theme.useToken();
  // Long initials shrink to fit by an estimate of their width: antd's Avatar measured them instead, forcing the
  // browser to lay out the whole page in the middle of drawing the shell, on every signed-in page's first load.
  const scale = Math.min(1, INITIALS_ROOM_PX / (entry.initials.length * CAPITAL_WIDTH_PX));
  // The name beside or around it already says which practice this is.
  return (
    <span
      aria-hidden
      className={spaced ? 'shell-initials shell-initials-gap' : 'shell-initials'}
      style={{ background: token.colorPrimary, color: token.colorTextLightSolid }}
    >
      {/* Inline: the scale is worked out from these initials' length. */}
      <span style={{ transform: scale < 1 ? `scale(${scale.toFixed(3)})` : undefined }}>{entry.initials}</span>
    </span>
  );
}

function PracticeFace({ entry, collapsed }: { entry: SwitcherEntry; collapsed: boolean }) {
  return (
    <Flex gap={8} align="center" justify={collapsed ? 'center' : 'flex-start'} className="shell-shrink">
      <Initials entry={entry} />
      {/* A flex item gap shows no space, but the visible label reads "HMG Harbor…", as the button's name says. */}
      {collapsed ? null : ' '}
      {collapsed ? null : <EllipsisText text={entry.label} placement="right" />}
    </Flex>
  );
}
