import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Spin, theme } from 'antd';
import { memo, useCallback, useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { VIRTUAL_TABLE, type ListSort } from '../../model/lists/paging';

const HEADER_HEIGHT = 48;

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

interface VirtualTableProps<TRow, TKey extends string> {
  /** Memoised by the list: a new array renders every row again. */
  columns: readonly VirtualColumn<TRow, TKey>[];
  rows: readonly TRow[];
  rowKey: (row: TRow) => string;
  sort: ListSort;
  onSort: (column: TKey) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
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
  const grid: CSSProperties = { display: 'grid', gridTemplateColumns: gridTemplate, alignItems: 'center' };

  const loadMoreIfNear = useCallback(() => {
    const element = scroller.current;
    if (!element || !hasMore || loadingMore) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight <= VIRTUAL_TABLE.loadMoreWithinPx) onLoadMore();
  }, [hasMore, loadingMore, onLoadMore]);
  // A page that does not fill the area cannot be scrolled to its end: ask again once it has rendered.
  useEffect(loadMoreIfNear, [loadMoreIfNear, rows.length]);

  return (
    <div
      ref={scroller}
      role="region"
      aria-label={texts.scroll}
      tabIndex={0}
      onScroll={loadMoreIfNear}
      style={{
        height: VIRTUAL_TABLE.viewportPx,
        overflow: 'auto',
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgContainer,
      }}
    >
      <div role="table" aria-label={texts.table} aria-rowcount={hasMore ? -1 : rows.length + 1} style={{ minWidth: 'fit-content' }}>
        <div role="rowgroup" style={{ position: 'sticky', top: 0, zIndex: 1, background: token.colorFillAlter }}>
          <div
            role="row"
            aria-rowindex={1}
            style={{ ...grid, height: HEADER_HEIGHT, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
          >
            {columns.map((column) => (
              <div
                key={column.key}
                role="columnheader"
                aria-sort={sort.column === column.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                style={{ ...CELL, fontWeight: token.fontWeightStrong }}
              >
                {column.sortable ? (
                  <Button type="text" size="small" style={{ fontWeight: 'inherit', paddingInline: 4 }} onClick={() => onSort(column.key)}>
                    {column.label}
                    {sort.column === column.key ? (
                      sort.direction === 'asc' ? (
                        <CaretUpOutlined aria-hidden />
                      ) : (
                        <CaretDownOutlined aria-hidden />
                      )
                    ) : null}
                  </Button>
                ) : (
                  column.label
                )}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            return row === undefined ? null : (
              <VirtualRow
                key={rowKey(row)}
                row={row}
                index={item.index}
                offset={item.start - HEADER_HEIGHT}
                columns={columns}
                gridTemplate={gridTemplate}
                borderColor={token.colorBorderSecondary}
              />
            );
          })}
        </div>
      </div>
      {loadingMore ? (
        <div style={{ display: 'flex', justifyContent: 'center', padding: 12 }}>
          <Spin size="small" aria-label={texts.loadingMore} />
        </div>
      ) : null}
    </div>
  );
}

interface VirtualRowProps<TRow, TKey extends string> {
  row: TRow;
  index: number;
  /** Pixels from the top of the rows. */
  offset: number;
  columns: readonly VirtualColumn<TRow, TKey>[];
  gridTemplate: string;
  borderColor: string;
}

const CELL: CSSProperties = { paddingInline: 12, overflow: 'hidden', minWidth: 0 };

function VirtualRowOf<TRow, TKey extends string>({ row, index, offset, columns, gridTemplate, borderColor }: VirtualRowProps<TRow, TKey>) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      style={{
        display: 'grid',
        gridTemplateColumns: gridTemplate,
        alignItems: 'center',
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        height: VIRTUAL_TABLE.rowHeightPx,
        transform: `translateY(${offset}px)`,
        borderBottom: `1px solid ${borderColor}`,
      }}
    >
      {columns.map((column) => (
        <div key={column.key} role="cell" style={CELL}>
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
