import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Alert, Button, Flex, Typography } from 'antd';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { orderDetailPath } from '../../../model/shell/navigation';
import { orderingConfiguration } from '../../../model/orders/ordering';
import type { Order } from '../../../model/orders/order';
import { DEFAULT_ORDER_SORT, ORDER_COLUMNS, type OrderColumn } from '../../../model/orders/order-list';
import { ORDER_FILTER_KINDS, ORDER_LIST_ADDRESS, orderChipText, orderFilterChoices } from '../../../model/orders/order-list-filters';
import type { ListAddressState } from '../../../model/lists/list-address';
import { ordersListState } from '../../../model/orders/order-detail';
import { useListAddress, useListAddressSync } from './use-list-address';
import { fulfilmentEnabled, headerAction, matchingColumns, orderListColumns } from '../../../model/orders/order-list-rules';
import { OrderColumnText, OrderFilterText, OrderListText } from '../../../model/orders/order-list-texts';
import { listFiltersMachine } from '../../../machines/lists/list-filters.machine';
import { listFiltersSelector } from '../../../machines/lists/list-filters.selectors';
import { orderCancelMachine } from '../../../machines/orders/order-cancel.machine';
import { selectOrderCancel } from '../../../machines/orders/order-cancel.selectors';
import { selectUnitType } from '../../../machines/auth/session.selectors';
import { messageOf } from '../../../services/http/api-error';
import { useSession } from '../../auth/session';
import { PageTitle } from '../../shell/page';
import { FilterBar } from '../../parts/filter-bar';
import { ListBody } from '../../parts/list-body';
import { OnceOpened } from '../../parts/once-opened';
import { useInfiniteList } from '../../parts/use-infinite-list';
import { useWorkflow } from '../../use-workflow';
import type { CellActions } from './order-cells';
import { OrdersTable } from './orders-table';
import { lazyNamed } from '../../lazy';
import { ordersListQuery } from '../../../services/orders/queries';
import { practiceQuery } from '../../../services/practice/queries';

// The delete question and the status history panel load their code (antd's Modal and Drawer) when first opened.
const DeleteOrderDialog = lazyNamed(() => import('./delete-order-dialog'), 'DeleteOrderDialog');
const StatusHistoryPanel = lazyNamed(() => import('../status-history/status-history-panel'), 'StatusHistoryPanel');

const selectOrderFilters = listFiltersSelector(ORDER_COLUMNS, DEFAULT_ORDER_SORT);
const columnLabel = (column: keyof typeof OrderColumnText) => OrderColumnText[column];
// Ordering §8: a list that cannot be read says why, with the server's message when it gave one.
const loadFailedText = (error: unknown) => messageOf(error, OrderListText.loadMoreFailed);

/** Ordering §2 "Orders list (/orders)". */
export function OrdersPage() {
  const [, navigate] = useLocation();
  const practice = useQuery(practiceQuery());
  const sessionUnitType = useSession(selectUnitType);
  const unitType = practice.data?.unitType ?? sessionUnitType ?? 0;
  const action = headerAction(orderingConfiguration(practice.data).orderingExperience);
  const physical = fulfilmentEnabled(practice.data);
  const columns = useMemo(() => orderListColumns(unitType, { fulfilmentEnabled: physical }), [unitType, physical]);

  // Issue 40: the filters and sort live in the address, so that a reload, a shared link and Back keep them.
  const address = useListAddress(ORDER_LIST_ADDRESS);
  const filtersActor = useWorkflow(listFiltersMachine, {
    input: { defaultSort: DEFAULT_ORDER_SORT, initial: address.initial, kinds: ORDER_FILTER_KINDS },
  });
  const filters = useSelector(filtersActor, selectOrderFilters);
  const restore = useCallback(
    (state: ListAddressState<OrderColumn>) => filtersActor.send({ type: 'list.restore', sort: state.sort, filters: state.filters }),
    [filtersActor],
  );
  useListAddressSync(ORDER_LIST_ADDRESS, filters, restore);
  const cancelActor = useWorkflow(orderCancelMachine);
  const cancel = useSelector(cancelActor, selectOrderCancel);

  // The click that applies a filter or a sort shows its chip, arrow and closing builder in its own frame; the list
  // swaps its rows for the new query's just after, in a background render.
  const sort = useDeferredValue(filters.sort);
  const applied = useDeferredValue(filters.filters);
  const list = useInfiniteList(ordersListQuery(sort, applied), loadFailedText);
  // The address the rows link back with, a frame behind like the rows themselves: the address changes with the
  // click, and rows given new actions in its own frame would all render twice.
  const listSearch = useDeferredValue(address.search);
  const orders = list.rows;
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const historyOrder = orders.find((order) => order.number === historyOf) ?? null;
  // Stable while nothing it names changes, so that the rows on screen need not render again as the list scrolls.
  const actions = useMemo<CellActions>(
    () => ({
      unitType,
      detailState: ordersListState(listSearch),
      canDelete: cancel.canDelete,
      onView: (order: Order) => navigate(orderDetailPath(order.number), { state: ordersListState(listSearch) }),
      onDelete: (order: Order) => cancelActor.send({ type: 'order.delete', uid: order.uid }),
      onHistory: (order: Order) => setHistoryOf(order.number),
    }),
    [unitType, cancel.canDelete, navigate, cancelActor, listSearch],
  );
  const closeHistory = useCallback(() => setHistoryOf(null), []);
  const onSort = useCallback((column: OrderColumn) => filtersActor.send({ type: 'list.sort', column }), [filtersActor]);

  return (
    <>
      <OrdersHeading action={practice.data ? action.label : null} path={action.path} />
      <FilterBar
        view={filters}
        actor={filtersActor}
        texts={OrderFilterText}
        columnLabel={columnLabel}
        matchColumns={matchingColumns}
        choicesOf={orderFilterChoices}
        chipText={orderChipText}
      />
      {address.refused.map((message) => (
        <Alert key={message} type="warning" showIcon title={message} />
      ))}
      <ListBody
        state={list.state}
        loading={OrderListText.tableLabel}
        failure={{ title: OrderListText.loadError, description: loadFailedText(list.error) }}
        empty={applied.length ? OrderListText.emptyFiltered : OrderListText.empty}
      >
        <OrdersTable columns={columns} orders={orders} sort={sort} onSort={onSort} more={list.more} actions={actions} />
      </ListBody>
      <OnceOpened open={cancel.confirming}>
        <DeleteOrderDialog view={cancel} actor={cancelActor} />
      </OnceOpened>
      <OnceOpened open={historyOrder !== null}>
        <StatusHistoryPanel order={historyOrder} open={historyOrder !== null} onClose={closeHistory} />
      </OnceOpened>
    </>
  );
}

/**
 * The title, the subtitle and the header action (Create Order or Manifest Upload, once the practice is known).
 * Rendered again only when the action changes, not when the list loads a page.
 */
const OrdersHeading = memo(function OrdersHeading({ action, path }: { action: string | null; path: string }) {
  const [, navigate] = useLocation();
  return (
    <Flex justify="space-between" align="flex-start" gap={16} wrap>
      <PageTitle title={OrderListText.title}>
        <Typography.Text type="secondary">{OrderListText.subtitle}</Typography.Text>
      </PageTitle>
      {action ? (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(path)}>
          {action}
        </Button>
      ) : null}
    </Flex>
  );
});
