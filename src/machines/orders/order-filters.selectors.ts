import type { SnapshotFrom } from 'xstate';
import type { ListSort } from '../../model/lists/paging';
import type { FilterOperator } from '../../model/lists/paging';
import type { OrderColumn } from '../../model/orders/order-list';
import type { OrderFilter, orderFiltersMachine } from './order-filters.machine';

type OrderFiltersSnapshot = SnapshotFrom<typeof orderFiltersMachine>;

export interface OrderFiltersView {
  sort: ListSort<OrderColumn>;
  /** The applied filters, shown as chips and sent with every page. */
  filters: readonly OrderFilter[];
  /** The filter builder is open, on its column step or its value step. */
  open: boolean;
  pickingColumn: boolean;
  editingValue: boolean;
  search: string;
  column: OrderColumn | null;
  operator: FilterOperator;
  value: string;
  /** Apply takes a click: the value is not blank once trimmed. */
  canApply: boolean;
  canClear: boolean;
}

export function selectOrderFilters(snapshot: OrderFiltersSnapshot): OrderFiltersView {
  const { sort, filters, search, column, operator, value } = snapshot.context;
  return {
    sort,
    filters,
    open: snapshot.hasTag('open'),
    pickingColumn: snapshot.hasTag('pickingColumn'),
    editingValue: snapshot.hasTag('editingValue'),
    search,
    column,
    operator,
    value,
    canApply: snapshot.can({ type: 'filters.apply' }),
    canClear: snapshot.can({ type: 'filters.clear' }),
  };
}
