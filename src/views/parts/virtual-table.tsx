import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Grid, theme } from 'antd';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { VIRTUAL_TABLE, type ListSort } from '../../model/lists/paging';
import { HEADER_HEIGHT, TableClass, tableVariables } from './table-styles';
import { TableText } from '../../model/lists/table-texts';
import { ListRetryText } from '../../model/shell/shell-texts';
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
  /** The next page failed: scrolling no longer asks for it, "Try Again" below the rows does (issue 40: no dead ends). */
  readonly moreFailed: boolean;
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
 *
 * Below 768 px (antd's md) a row of columns does not fit: each row becomes a card, every cell under its column's
 * name, and the header's sort buttons wrap above the cards. Same rows, sort and infinite loading; the cards are as
 * tall as their content, so the virtualizer measures each one instead of assuming 64 px.
 */
export function VirtualTable<TRow, TKey extends string>({
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  hasMore,
  loadingMore,
  moreFailed,
  onLoadMore,
  texts,
}: VirtualTableProps<TRow, TKey>) {
  const { token } = theme.useToken();
  const cards = Grid.useBreakpoint().md === false;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => (cards ? cardHeightEstimate(columns.length) : VIRTUAL_TABLE.rowHeightPx),
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
  // Rows measured in one layout are wrong in the other: measure again when the window crosses the breakpoint.
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [cards, virtualizer]);

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
      <div
        role="table"
        aria-label={texts.table}
        aria-rowcount={hasMore ? -1 : rows.length + 1}
        className={cards ? TableClass.cardsTable : TableClass.table}
      >
        <HeaderRow columns={columns} sort={sort} onSort={sortBy} />
        {/* The rows' full height, which changes with each page, so that the area scrolls to rows not built yet. */}
        <div role="rowgroup" className={TableClass.body} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            return row === undefined ? null : (
              <VirtualRow
                key={rowKey(row)}
                row={row}
                index={item.index}
                offset={item.start - HEADER_HEIGHT}
                columns={columns}
                measure={cards ? virtualizer.measureElement : undefined}
              />
            );
          })}
        </div>
      </div>
      <LoadingMore loading={loadingMore} label={texts.loadingMore} />
      {moreFailed && !loadingMore ? (
        <div className={TableClass.loadingMore}>
          <Button size="small" onClick={onLoadMore}>
            {ListRetryText.retry}
          </Button>
        </div>
      ) : null}
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
        {/* Shown only above the cards; the sort buttons say their own names and states. */}
        <span className={TableClass.sortLabel} aria-hidden="true">
          {TableText.sortBy}
        </span>
        {columns.map((column) => (
          <div
            key={column.key}
            role="columnheader"
            aria-sort={ariaSort(sort, column.key)}
            className={column.sortable ? TableClass.headerCell : TableClass.plainHeaderCell}
          >
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

/** A card's height before it is measured: a line per column and the card's padding. */
const cardHeightEstimate = (columns: number) => columns * 30 + 24;

interface VirtualRowProps<TRow, TKey extends string> {
  row: TRow;
  index: number;
  /** Pixels from the top of the rows. */
  offset: number;
  columns: readonly VirtualColumn<TRow, TKey>[];
  /** Given when the row is a card (below 768 px): the virtualizer's measuring ref, as a card is as tall as its content. */
  measure?: ((element: Element | null) => void) | undefined;
}

function VirtualRowOf<TRow, TKey extends string>({ row, index, offset, columns, measure }: VirtualRowProps<TRow, TKey>) {
  // Inline: each row's offset comes from the virtualizer as the list scrolls.
  return (
    <div
      ref={measure}
      data-index={index}
      role="row"
      aria-rowindex={index + 2}
      className={TableClass.row}
      style={{ transform: `translateY(${offset}px)` }}
    >
      <RowCells row={row} columns={columns} cards={measure !== undefined} />
    </div>
  );
}

function RowCellsOf<TRow, TKey extends string>({
  row,
  columns,
  cards,
}: {
  row: TRow;
  columns: readonly VirtualColumn<TRow, TKey>[];
  cards: boolean;
}) {
  const cells = columns.map((column) => (
    <div key={column.key} role="cell" className={TableClass.cell}>
      {cards ? (
        <>
          {/* A card's cells say what they are, where a table's header row says it once. Hidden from assistive
              technology, which reads the column header with each cell. */}
          <span className={TableClass.cardLabel} aria-hidden="true">
            {column.label}
          </span>
          <div className={TableClass.cardValue}>{column.cell(row)}</div>
        </>
      ) : (
        column.cell(row)
      )}
    </div>
  ));
  return <>{cells}</>;
}

/**
 * A row's cells, rendered again only when the row or the columns change. Below 768 px the virtualizer measures
 * each card as it arrives and moves every card under it: the rows then render for their new offset, and the cells,
 * the costly part, are kept (on a phone the kit list drew all its cells five times as its first page arrived).
 */
const RowCells = memo(RowCellsOf) as typeof RowCellsOf;

/**
 * One row, rendered again only when its own props change: while the list scrolls, the rows already on screen
 * keep their place through `offset` and skip rendering, and only the rows coming into view are built. `memo`
 * forgets a component's type parameters, so the row is given its generic type back.
 */
const VirtualRow = memo(VirtualRowOf) as typeof VirtualRowOf;
