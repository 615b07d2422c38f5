import { DownloadOutlined } from '@ant-design/icons';
import { useSelector } from '@xstate/react';
import { Alert, Button, Flex, Typography } from 'antd';
import { DEFAULT_ACTIVITY_SORT, ACTIVITY_COLUMNS } from '../../model/activity/activity';
import {
  ACTIVITY_FILTER_KINDS,
  activityChipText,
  activityColumnLabel,
  activityFilterChoices,
  matchingActivityColumns,
} from '../../model/activity/activity-filters';
import { ActivityText } from '../../model/activity/activity-texts';
import { ListFilterText } from '../../model/lists/list-filter-texts';
import { activityExportMachine } from '../../machines/activity/activity-export.machine';
import { selectActivityExport } from '../../machines/activity/activity-export.selectors';
import { listFiltersMachine } from '../../machines/lists/list-filters.machine';
import { listFiltersSelector } from '../../machines/lists/list-filters.selectors';
import { activityListQuery, isActivityUnavailable } from '../../services/activity/queries';
import { messageOf } from '../../services/http/api-error';
import { FilterBar } from '../parts/filter-bar';
import { ListBody } from '../parts/list-body';
import { useInfiniteList } from '../parts/use-infinite-list';
import { useWorkflow } from '../use-workflow';
import { ActivityEntries } from './activity-entries';
import './activity.css';

const selectActivityFilters = listFiltersSelector(ACTIVITY_COLUMNS, DEFAULT_ACTIVITY_SORT);
const loadFailedText = (error: unknown) => messageOf(error, ActivityText.loadFailed);

/** Settings → Activity (issue 44): the practice's trail, newest first, with the lists' filters, more pages and a CSV export. */
export function ActivityTab() {
  const filtersActor = useWorkflow(listFiltersMachine, { input: { defaultSort: DEFAULT_ACTIVITY_SORT, kinds: ACTIVITY_FILTER_KINDS } });
  const filters = useSelector(filtersActor, selectActivityFilters);
  const exportActor = useWorkflow(activityExportMachine);
  const exporting = useSelector(exportActor, selectActivityExport);
  const list = useInfiniteList(activityListQuery(filters.sort, filters.filters), loadFailedText);

  if (list.state === 'failed' && isActivityUnavailable(list.error)) {
    return (
      <section aria-label={ActivityText.title}>
        <Alert type="info" showIcon title={ActivityText.unavailable} />
      </section>
    );
  }

  return (
    <section aria-label={ActivityText.title}>
      <Flex justify="space-between" align="center" gap={16} wrap className="activity-tab-actions">
        <Typography.Text type="secondary">{ActivityText.intro}</Typography.Text>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={exporting.busy}
          onClick={() => exportActor.send({ type: 'activity.export', sort: filters.sort, filters: filters.filters })}
        >
          {ActivityText.export}
        </Button>
      </Flex>
      <FilterBar
        view={filters}
        actor={filtersActor}
        texts={ListFilterText}
        columnLabel={activityColumnLabel}
        matchColumns={matchingActivityColumns}
        choicesOf={activityFilterChoices}
        chipText={activityChipText}
      />
      <ListBody
        state={list.state}
        loading={ActivityText.title}
        failure={{ title: ActivityText.loadFailed, description: loadFailedText(list.error) }}
        empty={ActivityText.empty}
      >
        <ActivityEntries entries={list.rows} label={ActivityText.title} />
        {list.more.hasMore || list.more.moreFailed ? (
          <Flex justify="center" className="activity-tab-actions">
            <Button loading={list.more.loadingMore} onClick={list.more.onLoadMore}>
              {list.more.moreFailed ? ActivityText.retry : ActivityText.loadMore}
            </Button>
          </Flex>
        ) : null}
      </ListBody>
    </section>
  );
}
