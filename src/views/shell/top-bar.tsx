import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Layout } from 'antd';
import { memo } from 'react';
import { displayName } from '../../model/team/user-record';
import { useSessionActor } from '../auth/session';
import { ThemeSwitcher } from './theme-switcher';
import { EllipsisText } from '../parts/ellipsis-text';
import { meQuery } from '../../services/account/queries';
import './shell.css';

/**
 * The top bar: the mobile menu button, the signed-in user and Sign out. It renders when its own data change, not
 * with every render of the layout around it: while a page arrived, the layout rendered a dozen times (breakpoints,
 * the practice, the session) and the bar's buttons and measured name with it.
 */
export const TopBar = memo(function TopBar({ onOpenMenu }: { onOpenMenu?: (() => void) | undefined }) {
  const session = useSessionActor();
  const { data: me } = useQuery(meQuery());
  const name = me ? displayName(me) : null;
  return (
    <Layout.Header className="shell-top-bar">
      {onOpenMenu ? (
        <Button type="text" icon={<MenuOutlined aria-hidden />} aria-label="Open menu" onClick={onOpenMenu} className="shell-no-shrink" />
      ) : null}
      {/* The name gives way on a narrow screen so Sign out stays in reach; the whole name stays in the text and a tooltip. */}
      <Flex gap={12} align="center" className="shell-top-bar-end">
        <ThemeSwitcher />
        {name ? <EllipsisText text={name} placement="bottom" /> : null}
        <Button icon={<LogoutOutlined aria-hidden />} onClick={() => session.send({ type: 'session.signOut' })} className="shell-no-shrink">
          Sign out
        </Button>
      </Flex>
    </Layout.Header>
  );
});
