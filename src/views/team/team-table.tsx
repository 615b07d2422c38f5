import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, Switch } from 'antd';
import { useMemo } from 'react';
import { UserColumn } from '../../model/team/user';
import { displayName, type UserRecord } from '../../model/team/user-record';
import { roleName } from '../../model/team/role-names';
import { TeamColumnText, TeamListText } from '../../model/team/team-texts';
import type { NotificationChange } from '../../machines/team/team-notifications.machine';
import { VirtualTable, type ListTableProps, type VirtualColumn, type VirtualTableTexts } from '../parts/virtual-table';

type TeamTableColumn = 'name' | 'role' | 'username' | 'email' | 'notifications' | 'actions';

const TEXTS: VirtualTableTexts = {
  table: TeamListText.tableLabel,
  scroll: TeamListText.scrollLabel,
  loadingMore: TeamListText.loadingMore,
};

const SORTABLE: Readonly<Record<TeamTableColumn, UserColumn | null>> = {
  name: UserColumn.name,
  role: null,
  username: UserColumn.username,
  email: UserColumn.email,
  notifications: null,
  actions: null,
};

export interface TeamRowActions {
  /** The change of notifications under way, whose switch shows the value asked for. */
  change: NotificationChange | null;
  canToggle: boolean;
  canDelete: boolean;
  onToggle: (user: UserRecord, receiveNotifications: boolean) => void;
  onEdit: (user: UserRecord) => void;
  onDelete: (user: UserRecord) => void;
}

const userKey = (user: UserRecord) => user.uid;

interface TeamTableProps extends ListTableProps<UserColumn, TeamRowActions> {
  users: readonly UserRecord[];
}

/**
 * Kits §2 "Settings: Team": Name, Username, Email, Email Notifications and Actions, as the big table, with each
 * account's role beside its name: one person may hold two accounts (two roles) at the practice, one row each.
 */
export function TeamTable({ users, sort, onSort, more, actions }: TeamTableProps) {
  // Stable while the actions are, so that the rows on screen need not render again as the list scrolls.
  const columns = useMemo(
    (): readonly VirtualColumn<UserRecord, TeamTableColumn>[] => [
      { key: 'name', label: TeamColumnText.name, width: 'minmax(160px, 1.5fr)', sortable: true, cell: (user) => displayName(user) },
      { key: 'role', label: TeamColumnText.role, width: 'minmax(140px, 1fr)', sortable: false, cell: (user) => roleName(user.userType) },
      { key: 'username', label: TeamColumnText.username, width: 'minmax(140px, 1fr)', sortable: true, cell: (user) => user.username },
      { key: 'email', label: TeamColumnText.email, width: 'minmax(200px, 1.5fr)', sortable: true, cell: (user) => user.email },
      {
        key: 'notifications',
        label: TeamColumnText.notifications,
        width: 'minmax(160px, 0.8fr)',
        sortable: false,
        cell: (user) => <NotificationsSwitch user={user} actions={actions} />,
      },
      {
        key: 'actions',
        label: TeamColumnText.actions,
        width: '110px',
        sortable: false,
        cell: (user) => <RowActions user={user} actions={actions} />,
      },
    ],
    [actions],
  );
  return (
    <VirtualTable
      columns={columns}
      rows={users}
      rowKey={userKey}
      sort={sort}
      onSort={(column) => {
        const sortColumn = SORTABLE[column];
        if (sortColumn) onSort(sortColumn);
      }}
      {...more}
      texts={TEXTS}
    />
  );
}

function NotificationsSwitch({ user, actions }: { user: UserRecord; actions: TeamRowActions }) {
  const pending = actions.change?.uid === user.uid ? actions.change : null;
  return (
    <Switch
      aria-label={TeamListText.notificationsLabel(displayName(user))}
      checked={pending ? pending.receiveNotifications : user.receiveNotifications}
      loading={pending !== null}
      disabled={!actions.canToggle && pending === null}
      onChange={(checked) => actions.onToggle(user, checked)}
    />
  );
}

function RowActions({ user, actions }: { user: UserRecord; actions: TeamRowActions }) {
  const name = displayName(user);
  const role = roleName(user.userType);
  return (
    <Flex gap={4}>
      <Button
        type="text"
        icon={<EditOutlined aria-hidden />}
        aria-label={TeamListText.editLabel(name, role)}
        onClick={() => actions.onEdit(user)}
      />
      <Button
        type="text"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={TeamListText.deleteLabel(name, role)}
        disabled={!actions.canDelete}
        onClick={() => actions.onDelete(user)}
      />
    </Flex>
  );
}
