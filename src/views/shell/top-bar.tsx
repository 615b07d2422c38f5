import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Layout, Typography, theme } from 'antd';
import { displayName } from '../../model/team/user-record';
import { useSessionActor } from '../auth/session';
import { ThemeSwitcher } from './theme-switcher';
import { meQuery } from '../../services/account/queries';

/** The top bar: the mobile menu button, the signed-in user and Sign out. */
export function TopBar({ onOpenMenu }: { onOpenMenu?: () => void }) {
  const session = useSessionActor();
  const { data: me } = useQuery(meQuery());
  const { token } = theme.useToken();
  const name = me ? displayName(me) : null;
  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        paddingInline: 16,
        display: 'flex',
        alignItems: 'center',
        gap: 12,
      }}
    >
      {onOpenMenu ? (
        <Button type="text" icon={<MenuOutlined aria-hidden />} aria-label="Open menu" onClick={onOpenMenu} style={{ flex: 'none' }} />
      ) : null}
      {/* The name gives way on a narrow screen so Sign out stays in reach; the whole name stays in the text and a tooltip. */}
      <Flex gap={12} align="center" style={{ marginInlineStart: 'auto', minWidth: 0 }}>
        <ThemeSwitcher />
        {name ? (
          <Typography.Text strong ellipsis={{ tooltip: { title: name, placement: 'bottom' } }} style={{ minWidth: 0 }}>
            {name}
          </Typography.Text>
        ) : null}
        <Button icon={<LogoutOutlined aria-hidden />} onClick={() => session.send({ type: 'session.signOut' })} style={{ flex: 'none' }}>
          Sign out
        </Button>
      </Flex>
    </Layout.Header>
  );
}
