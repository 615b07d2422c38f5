import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Button, Empty, Flex, Input } from 'antd';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import { SettingsPaths } from '../../model/shell/navigation';
import type { UserRecord } from '../../model/team/user-record';
import { editTeamMemberPath } from '../../model/team/team-form';
import { TeamListText } from '../../model/team/team-texts';
import { DEFAULT_USER_SORT, USER_COLUMNS } from '../../model/team/user';
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
import { notify } from '../../services/platform/notify';
import { teamListQuery } from '../../services/team/queries';
import { useWorkflow } from '../use-workflow';
import { TeamTable, type TeamRowActions } from './team-table';
import { LoadingSpin } from '../parts/loading-spin';
import { OnceOpened } from '../parts/once-opened';
import { lazyNamed } from '../lazy';
import { meQuery } from '../../services/account/queries';

// The delete question (antd's Modal) loads its code when first asked: most visits to the team delete no one.
const DeleteUserDialog = lazyNamed(() => import('./delete-user-dialog'), 'DeleteUserDialog');

const selectTeamSort = listFiltersSelector(USER_COLUMNS, DEFAULT_USER_SORT);

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

  const list = useInfiniteQuery(teamListQuery({ sort, search: search.query }));
  const users = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
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
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);

  // A later page that fails keeps the rows already shown and says so.
  const { isFetchNextPageError, error } = list;
  useEffect(() => {
    if (isFetchNextPageError) notify.error(messageOf(error, UserMessageText.loadFailed));
  }, [isFetchNextPageError, error]);

  return (
    <>
      <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 16 }}>
        <Input
          allowClear
          value={search.text}
          placeholder={TeamListText.search}
          aria-label={TeamListText.searchLabel}
          prefix={<SearchOutlined aria-hidden />}
          style={{ maxWidth: 320 }}
          onChange={(event) => searchActor.send({ type: 'search.type', text: event.target.value })}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(SettingsPaths.addTeamMember)}>
          {TeamListText.add}
        </Button>
      </Flex>
      {list.isPending ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <LoadingSpin size="large" label={TeamListText.loading} />
        </Flex>
      ) : list.isError && users.length === 0 ? (
        <Alert type="error" showIcon title={messageOf(list.error, UserMessageText.loadFailed)} />
      ) : users.length === 0 ? (
        <Empty />
      ) : (
        <TeamTable
          users={users}
          sort={sort}
          onSort={(column) => sortActor.send({ type: 'list.sort', column })}
          hasMore={list.hasNextPage && !list.isFetchNextPageError}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={loadMore}
          actions={actions}
        />
      )}
      <OnceOpened open={deletion.confirming}>
        <DeleteUserDialog view={deletion} actor={deleteActor} />
      </OnceOpened>
    </>
  );
}
