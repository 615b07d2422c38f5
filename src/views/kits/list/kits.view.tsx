import { useSelector } from '@xstate/react';
import { Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_KIT_SORT, KIT_COLUMNS, type Kit, type KitColumn } from '../../../model/kits/kit';
import {
  KIT_SEARCH_MIN_CHARS,
  kitColumnLabel,
  kitListEmptyText,
  kitListLayout,
  kitListQuery,
  matchingKitColumns,
} from '../../../model/kits/kit-list-rules';
import { KitFilterText, KitListText } from '../../../model/kits/kit-list-texts';
import { listFiltersMachine } from '../../../machines/lists/list-filters.machine';
import { listFiltersSelector } from '../../../machines/lists/list-filters.selectors';
import { searchBoxMachine } from '../../../machines/lists/search-box.machine';
import { selectSearchBox } from '../../../machines/lists/search-box.selectors';
import { selectUnitType } from '../../../machines/auth/session.selectors';
import { messageOf } from '../../../services/http/api-error';
import { clock } from '../../../services/platform/clock';
import { kitsListQuery } from '../../../services/kits/queries';
import { FilterBar } from '../../parts/filter-bar';
import { ListBody } from '../../parts/list-body';
import { OnceOpened } from '../../parts/once-opened';
import { useInfiniteList } from '../../parts/use-infinite-list';
import { useSession } from '../../auth/session';
import { PageTitle } from '../../shell/page';
import { useWorkflow } from '../../use-workflow';
import type { KitCellActions } from './kit-cells';
import { KitSearchBox } from './kit-search-box';
import { KitsTable } from './kits-table';
import { lazyNamed } from '../../lazy';

// The side panels' code (antd's Drawer with it) loads when one first opens, not with the list.
const KitStatusHistoryPanel = lazyNamed(() => import('./kit-panels'), 'KitStatusHistoryPanel');
const ProductPanel = lazyNamed(() => import('./kit-panels'), 'ProductPanel');

const selectKitFilters = listFiltersSelector(KIT_COLUMNS, DEFAULT_KIT_SORT);
const loadFailedText = (error: unknown) => KitListText.loadError(messageOf(error, KitListText.unknownError));

type Panel = { kind: 'history' | 'product'; uid: string } | null;

/** Kits §2 "Kit list (/kits)": heading and subtitle by unit type, filters or (HCP) search, the big table, two panels. */
export function KitsPage() {
  // The signed-in account's unit, as the side menu reads it: the heading is the menu item that led here.
  const unitType = useSession(selectUnitType) ?? 0;
  const layout = useMemo(() => kitListLayout(unitType), [unitType]);

  const filtersActor = useWorkflow(listFiltersMachine, { input: { defaultSort: DEFAULT_KIT_SORT } });
  const filters = useSelector(filtersActor, selectKitFilters);
  const searchActor = useWorkflow(searchBoxMachine, { input: { minChars: KIT_SEARCH_MIN_CHARS } });
  const search = useSelector(searchActor, selectSearchBox);
  const query = kitListQuery(layout, { sort: filters.sort, filters: filters.filters, search: search.query });

  const list = useInfiniteList(kitsListQuery(query), loadFailedText);
  const kits = list.rows;
  const [panel, setPanel] = useState<Panel>(null);
  const panelKit = panel ? (kits.find((kit) => kit.uid === panel.uid) ?? null) : null;
  // Today once per visit: a badge does not change under the user's eyes while the list is open.
  const [now] = useState(() => clock.now());
  // Stable while nothing it names changes, so that the rows on screen need not render again as the list scrolls.
  const actions = useMemo<KitCellActions>(
    () => ({
      workflow: layout.workflow,
      now,
      onProduct: (kit: Kit) => setPanel({ kind: 'product', uid: kit.uid }),
      onHistory: (kit: Kit) => setPanel({ kind: 'history', uid: kit.uid }),
    }),
    [layout.workflow, now],
  );
  const closePanel = useCallback(() => setPanel(null), []);
  const columnLabel = useCallback((column: KitColumn) => kitColumnLabel(column, layout.workflow), [layout.workflow]);
  const matchColumns = useCallback((text: string) => matchingKitColumns(layout, text), [layout]);

  return (
    <>
      <PageTitle title={layout.title}>
        <Typography.Text type="secondary">{layout.subtitle}</Typography.Text>
      </PageTitle>
      {layout.search ? <KitSearchBox view={search} actor={searchActor} /> : null}
      {layout.filters ? (
        <FilterBar view={filters} actor={filtersActor} texts={KitFilterText} columnLabel={columnLabel} matchColumns={matchColumns} />
      ) : null}
      <ListBody
        state={list.state}
        loading={KitListText.loading(layout.noun)}
        failure={{ title: loadFailedText(list.error) }}
        empty={kitListEmptyText(layout.noun, query)}
      >
        <KitsTable
          layout={layout}
          kits={kits}
          sort={filters.sort}
          onSort={(column) => filtersActor.send({ type: 'list.sort', column })}
          more={list.more}
          actions={actions}
        />
      </ListBody>
      <OnceOpened open={panel?.kind === 'history'}>
        <KitStatusHistoryPanel kit={panel?.kind === 'history' ? panelKit : null} workflow={layout.workflow} onClose={closePanel} />
      </OnceOpened>
      <OnceOpened open={panel?.kind === 'product'}>
        <ProductPanel kit={panel?.kind === 'product' ? panelKit : null} onClose={closePanel} />
      </OnceOpened>
    </>
  );
}
