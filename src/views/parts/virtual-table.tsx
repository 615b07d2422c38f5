import { useVirtualizer } from '@tanstack/react-virtual';
import { theme } from 'antd';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { VIRTUAL_TABLE, type ListSort } from '../../model/lists/paging';
import { HEADER_HEIGHT, TableClass, tableVariables } from './table-styles';
import { LoadingSpin } from './loading-spin';
import { ariaSort, SortButton } from './sort-button';

/** One column of a big table: its header, its share of the row, whether its header sorts, and how a row shows in it. */
export interface VirtualColumn<TRow, TKey extends string> {
  readonly key: TKey;
  readonly label: string;
  /** A CSS grid track: `minmax(130px, 1fr)`, `72px`. */
  readonly width: string;
  readonly sortable: boolean;
  readonly cell: (row: TRow) => ReactNode;
}

export interface VirtualTableTexts {
  /** The table's accessible name. */
  readonly table: string;
  /** The scroll area's accessible name, which says that scrolling loads more. */
  readonly scroll: string;
  readonly loadingMore: string;
}

/** What the big table needs to load the next page as it scrolls (useInfiniteList gives it). */
export interface MoreRows {
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  /** Stable between renders: the table asks again whenever it changes. */
  readonly onLoadMore: () => void;
}

/** What a list screen gives its big table besides the rows: the sort and its change, the next page, the rows' actions. */
export interface ListTableProps<TSortColumn extends string, TActions> {
  readonly sort: ListSort<TSortColumn>;
  readonly onSort: (column: TSortColumn) => void;
  readonly more: MoreRows;
  readonly actions: TActions;
}

interface VirtualTableProps<TRow, TKey extends string> extends MoreRows {
  /** Memoised by the list: a new array renders every row again. */
  columns: readonly VirtualColumn<TRow, TKey>[];
  rows: readonly TRow[];
  rowKey: (row: TRow) => string;
  sort: ListSort;
  onSort: (column: TKey) => void;
  texts: VirtualTableTexts;
}

/**
 * The one big table of every list (orders, kits, team): 64 px rows in a 600 px scroll area, five rows of
 * overscan, the next page asked for within 200 px of the bottom (ordering §9, kits §9). ARIA table roles on a CSS
 * grid, because only the rows near the viewport exist; the header stays in view and its sort buttons say the sort
 * with aria-sort.
 */
export function VirtualTable<TRow, TKey extends string>({
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  hasMore,
  loadingMore,
  onLoadMore,
  texts,
}: VirtualTableProps<TRow, TKey>) {
  const { token } = theme.useToken();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => VIRTUAL_TABLE.rowHeightPx,
    overscan: VIRTUAL_TABLE.overscan,
    scrollMargin: HEADER_HEIGHT,
    // React 19 batches the scroll's re-render itself; a synchronous flush on every scroll event costs frames.
    useFlushSync: false,
  });
  const gridTemplate = columns.map((column) => column.width).join(' ');
  // The header renders only when the sort or the columns change, not on every scroll: the latest onSort is read
  // when a header is clicked.
  const latestOnSort = useRef(onSort);
  useLayoutEffect(() => {
    latestOnSort.current = onSort;
  });
  const sortBy = useCallback((column: TKey) => latestOnSort.current(column), []);

  const variables = useMemo(() => tableVariables(token, gridTemplate), [token, gridTemplate]);

  // Near the end from the virtualizer's own figures: reading the area's scrollHeight in the scroll event would
  // make the browser lay out the rows just committed, once more in every frame of a fast scroll.
  const viewport = virtualizer.scrollRect?.height ?? VIRTUAL_TABLE.viewportPx;
  const remaining = HEADER_HEIGHT + virtualizer.getTotalSize() - (virtualizer.scrollOffset ?? 0) - viewport;
  const nearEnd = remaining <= VIRTUAL_TABLE.loadMoreWithinPx;
  // Also when a page that does not fill the area arrives: it cannot be scrolled to its end, so ask again.
  useEffect(() => {
    if (nearEnd && hasMore && !loadingMore) onLoadMore();
  }, [nearEnd, hasMore, loadingMore, onLoadMore, rows.length]);

  return (
    // The theme's values as custom properties: computed per table and theme, read by virtual-table.css.
    <div ref={scroller} role="region" aria-label={texts.scroll} tabIndex={0} className={TableClass.scroll} style={variables}>
      <div role="table" aria-label={texts.table} aria-rowcount={hasMore ? -1 : rows.length + 1} className={TableClass.table}>
        <HeaderRow columns={columns} sort={sort} onSort={sortBy} />
        {/* The rows' full height, which changes with each page, so that the area scrolls to rows not built yet. */}
        <div role="rowgroup" className={TableClass.body} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            return row === undefined ? null : (
              <VirtualRow key={rowKey(row)} row={row} index={item.index} offset={item.start - HEADER_HEIGHT} columns={columns} />
            );
          })}
        </div>
      </div>
      <LoadingMore loading={loadingMore} label={texts.loadingMore} />
    </div>
  );
}

interface HeaderRowProps<TRow, TKey extends string> {
  columns: readonly VirtualColumn<TRow, TKey>[];
  sort: ListSort;
  onSort: (column: TKey) => void;
}

function HeaderRowOf<TRow, TKey extends string>({ columns, sort, onSort }: HeaderRowProps<TRow, TKey>) {
  return (
    <div role="rowgroup" className={TableClass.head}>
      <div role="row" aria-rowindex={1} className={TableClass.headerRow}>
        {columns.map((column) => (
          <div key={column.key} role="columnheader" aria-sort={ariaSort(sort, column.key)} className={TableClass.headerCell}>
            {column.sortable ? (
              <SortButton label={column.label} sort={sort} column={column.key} onSort={() => onSort(column.key)} />
            ) : (
              column.label
            )}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The header's antd buttons are the costliest part of the table to render: they render only when it changes. */
const HeaderRow = memo(HeaderRowOf) as typeof HeaderRowOf;

/** Mounted once and shown while a page loads: mounting antd's Spin for every page cost a frame each time. */
const LoadingMore = memo(function LoadingMore({ loading, label }: { loading: boolean; label: string }) {
  return (
    <div className={TableClass.loadingMore} hidden={!loading}>
      <LoadingSpin size="small" spinning={loading} label={label} />
    </div>
  );
});

interface VirtualRowProps<TRow, TKey extends string> {
  row: TRow;
  index: number;
  /** Pixels from the top of the rows. */
  offset: number;
  columns: readonly VirtualColumn<TRow, TKey>[];
}

function VirtualRowOf<TRow, TKey extends string>({ row, index, offset, columns }: VirtualRowProps<TRow, TKey>) {
  // Inline: each row's offset comes from the virtualizer as the list scrolls.
  return (
    <div role="row" aria-rowindex={index + 2} className={TableClass.row} style={{ transform: `translateY(${offset}px)` }}>
      {columns.map((column) => (
        <div key={column.key} role="cell" className={TableClass.cell}>
          {column.cell(row)}
        </div>
      ))}
    </div>
  );
}

/**
 * One row, rendered again only when its own props change: while the list scrolls, the rows already on screen
 * keep their place through `offset` and skip rendering, and only the rows coming into view are built. `memo`
 * forgets a component's type parameters, so the row is given its generic type back.
 */
const VirtualRow = memo(VirtualRowOf) as typeof VirtualRowOf;
