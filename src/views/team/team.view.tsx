import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Flex, Input } from 'antd';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { SettingsPaths } from '../../model/shell/navigation';
import { editTeamMemberPath } from '../../model/team/team-form';
import { TeamListText } from '../../model/team/team-texts';
import { DEFAULT_USER_SORT, USER_COLUMNS } from '../../model/team/user';
import { type UserRecord } from '../../model/team/user-record';
import { UserMessageText } from '../../model/team/user-texts';
import { listFiltersMachine } from '../../machines/lists/list-filters.machine';
import { listFiltersSelector } from '../../machines/lists/list-filters.selectors';
import { searchBoxMachine } from '../../machines/lists/search-box.machine';
import { selectSearchBox } from '../../machines/lists/search-box.selectors';
import { deleteUserMachine } from '../../machines/team/delete-user.machine';
import { selectDeleteUser } from '../../machines/team/delete-user.selectors';
import { teamNotificationsMachine } from '../../machines/team/team-notifications.machine';
import { selectTeamNotifications } from '../../machines/team/team-notifications.selectors';
import { messageOf } from '../../services/http/api-error';
import { teamListQuery } from '../../services/team/queries';
import { useWorkflow } from '../use-workflow';
import { TeamTable, type TeamRowActions } from './team-table';
import { ListBody } from '../parts/list-body';
import { OnceOpened } from '../parts/once-opened';
import { useInfiniteList } from '../parts/use-infinite-list';
import { lazyNamed } from '../lazy';
import { meQuery } from '../../services/account/queries';
import './team.css';

// The delete question (antd's Modal) loads its code when first asked: most visits to the team delete no one.
const DeleteUserDialog = lazyNamed(() => import('./delete-user-dialog'), 'DeleteUserDialog');

const selectTeamSort = listFiltersSelector(USER_COLUMNS, DEFAULT_USER_SORT);
const loadFailedText = (error: unknown) => messageOf(error, UserMessageText.loadFailed);

/** Kits §2 "Settings: Team": the search, the team as the big table, and "Add Team Member". */
export function TeamTab() {
  const [, navigate] = useLocation();
  // Any length: the documents give the team search no minimum.
  const searchActor = useWorkflow(searchBoxMachine, { input: { minChars: 0 } });
  const search = useSelector(searchActor, selectSearchBox, shallowEqual);
  const sortActor = useWorkflow(listFiltersMachine, { input: { defaultSort: DEFAULT_USER_SORT } });
  const { sort } = useSelector(sortActor, selectTeamSort);
  const deleteActor = useWorkflow(deleteUserMachine);
  const deletion = useSelector(deleteActor, selectDeleteUser, shallowEqual);
  const notificationsActor = useWorkflow(teamNotificationsMachine);
  const notifications = useSelector(notificationsActor, selectTeamNotifications, shallowEqual);
  // "Yourself" is the signed-in user (contract decisions). Delete waits until it is known, so that deleting
  // yourself is always refused here, before any question or call, and not only by the server.
  const ownUid = useQuery(meQuery()).data?.uid ?? null;

  const list = useInfiniteList(teamListQuery({ sort, search: search.query }), loadFailedText);
  const actions = useMemo<TeamRowActions>(
    () => ({
      change: notifications.change,
      canToggle: notifications.canToggle,
      canDelete: deletion.canDelete && ownUid !== null,
      onToggle: (user: UserRecord, receiveNotifications: boolean) =>
        notificationsActor.send({ type: 'notifications.toggle', uid: user.uid, receiveNotifications, userType: user.userType }),
      onEdit: (user: UserRecord) => navigate(editTeamMemberPath(user.uid)),
      onDelete: (user: UserRecord) => deleteActor.send({ type: 'user.delete', uid: user.uid, ownUid }),
    }),
    [notifications.change, notifications.canToggle, deletion.canDelete, notificationsActor, navigate, deleteActor, ownUid],
  );

  return (
    <>
      <Flex justify="space-between" align="center" gap={16} wrap className="team-toolbar">
        <Input
          allowClear
          value={search.text}
          placeholder={TeamListText.search}
          aria-label={TeamListText.searchLabel}
          prefix={<SearchOutlined aria-hidden />}
          className="team-search"
          onChange={(event) => searchActor.send({ type: 'search.type', text: event.target.value })}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(SettingsPaths.addTeamMember)}>
          {TeamListText.add}
        </Button>
      </Flex>
      <ListBody state={list.state} loading={TeamListText.loading} failure={{ title: loadFailedText(list.error) }}>
        <TeamTable
          users={list.rows}
          sort={sort}
          onSort={(column) => sortActor.send({ type: 'list.sort', column })}
          more={list.more}
          actions={actions}
        />
      </ListBody>
      <OnceOpened open={deletion.confirming}>
        <DeleteUserDialog view={deletion} actor={deleteActor} />
      </OnceOpened>
    </>
  );
}
