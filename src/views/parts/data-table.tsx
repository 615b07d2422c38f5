import { Grid, theme, type GlobalToken } from 'antd';
import { Fragment, useId, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { TableText } from '../../model/lists/table-texts';
import { LoadingSpin } from './loading-spin';
import './data-table.css';

/** One column of a small table: its header, how a row shows in it, and how it lines up. */
export interface DataColumn<TRow> {
  readonly key: string;
  readonly title: ReactNode;
  readonly render: (row: TRow) => ReactNode;
  readonly align?: 'start' | 'end';
  /** Pixels; the other columns share what is left. */
  readonly width?: number;
  /** One line, cut with an ellipsis: the table then lays its columns out by the header, as antd's did. */
  readonly ellipsis?: boolean;
  /** The sort the rows are in by this column, said with aria-sort. */
  readonly sort?: 'ascending' | 'descending';
  /** The column's name in words, which each card shows beside its cell (`cardsOnPhone`); the title when it is text. */
  readonly label?: string;
}

/** Rows that open to more below them, behind a toggle in a first column of their own. */
export interface DataTableExpansion<TRow> {
  readonly canExpand: (row: TRow) => boolean;
  readonly render: (row: TRow) => ReactNode;
}

interface DataTableProps<TRow> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataColumn<TRow>[];
  rows: readonly TRow[];
  rowKey: (row: TRow) => string;
  /** Shown across the table when there are no rows. */
  empty: ReactNode;
  /** Another set of rows is on its way: the rows shown stay, under a spinner with this name. */
  loading?: string | false;
  expansion?: DataTableExpansion<TRow>;
  /** A last row, such as a total. */
  footer?: ReactNode;
  /** Closer rows, as antd's small size, for a table inside a card. */
  dense?: boolean;
  /**
   * Below 768 px each row becomes a card, its cells one under another with their column's name, and the header's
   * controls (sort buttons) wrap above the cards: for a list whose columns do not fit a phone.
   */
  cardsOnPhone?: boolean;
}

function variables(token: GlobalToken, dense: boolean): CSSProperties {
  const values: Record<`--dt-${string}`, string> = {
    '--dt-font-size': `${token.fontSize}px`,
    '--dt-text': token.colorText,
    '--dt-secondary': token.colorTextSecondary,
    '--dt-bg': token.colorBgContainer,
    '--dt-header-bg': token.colorFillAlter,
    '--dt-header-weight': String(token.fontWeightStrong),
    '--dt-border': token.colorBorderSecondary,
    '--dt-border-strong': token.colorBorder,
    '--dt-radius': `${token.borderRadiusLG}px`,
    '--dt-radius-sm': `${token.borderRadiusSM}px`,
    '--dt-padding': dense ? `${token.paddingXS}px` : `${token.padding}px`,
    '--dt-mask': `color-mix(in srgb, ${token.colorBgContainer} 50%, transparent)`,
  };
  return values;
}

/**
 * The portal's small tables (a page of patients, a kit's reports, the webhook events): a semantic <table> with
 * antd's Table look, for lists short enough to render whole. The long lists use VirtualTable instead.
 */
export function DataTable<TRow>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  loading = false,
  expansion,
  footer,
  dense = false,
  cardsOnPhone = false,
}: DataTableProps<TRow>) {
  const { token } = theme.useToken();
  const cards = Grid.useBreakpoint().md === false && cardsOnPhone;
  const style = useMemo(() => variables(token, dense), [token, dense]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const idPrefix = useId();
  const fixed = columns.some((column) => column.ellipsis);
  const span = columns.length + (expansion ? 1 : 0);

  const toggle = (key: string) =>
    setExpanded((keys) => {
      const next = new Set(keys);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <div className="dt-wrap" style={style}>
      {/* As cards the table's parts are laid out as blocks, so they say their roles themselves: a browser may drop a
          table's semantics once its display is no longer a table's. */}
      <table
        aria-label={label}
        aria-busy={loading ? true : undefined}
        role={cards ? 'table' : undefined}
        className={['dt-table', fixed && !cards ? 'dt-fixed' : '', cards ? 'dt-cards' : ''].filter(Boolean).join(' ')}
      >
        {expansion || columns.some((column) => column.width !== undefined) ? (
          <colgroup>
            {expansion ? <col className="dt-toggle-column" /> : null}
            {columns.map((column) => (
              <col key={column.key} style={column.width === undefined ? undefined : { width: column.width }} />
            ))}
          </colgroup>
        ) : null}
        <thead role={cards ? 'rowgroup' : undefined}>
          <tr role={cards ? 'row' : undefined}>
            {expansion ? <th scope="col" role={cards ? 'columnheader' : undefined} /> : null}
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                role={cards ? 'columnheader' : undefined}
                aria-sort={column.sort}
                className={cellClass(column)}
              >
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={cards ? 'rowgroup' : undefined}>
          {rows.length === 0 ? (
            <tr role={cards ? 'row' : undefined}>
              <td colSpan={span} role={cards ? 'cell' : undefined} className="dt-empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              const open = expanded.has(key);
              const detailId = `${idPrefix}-${key}`;
              return (
                <Fragment key={key}>
                  <tr role={cards ? 'row' : undefined}>
                    {expansion ? (
                      <td role={cards ? 'cell' : undefined}>
                        {expansion.canExpand(row) ? (
                          <button
                            type="button"
                            className="dt-toggle"
                            aria-label={open ? TableText.collapseRow : TableText.expandRow}
                            aria-expanded={open}
                            aria-controls={open ? detailId : undefined}
                            onClick={() => toggle(key)}
                          />
                        ) : null}
                      </td>
                    ) : null}
                    {columns.map((column) => (
                      <td key={column.key} role={cards ? 'cell' : undefined} className={cellClass(column)}>
                        {cards ? (
                          <CardCell label={column.label ?? textOf(column.title)}>{column.render(row)}</CardCell>
                        ) : (
                          column.render(row)
                        )}
                      </td>
                    ))}
                  </tr>
                  {expansion && open ? (
                    <tr id={detailId} className="dt-expanded">
                      <td colSpan={span}>{expansion.render(row)}</td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })
          )}
        </tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
      {loading ? (
        <div className="dt-busy">
          <LoadingSpin label={loading} />
        </div>
      ) : null}
    </div>
  );
}

/** A card's cell: its column's name, hidden from assistive technology (which reads the column header), and its value. */
function CardCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <span className="dt-card-label" aria-hidden="true">
        {label}
      </span>
      <div className="dt-card-value">{children}</div>
    </>
  );
}

const textOf = (title: ReactNode): string => (typeof title === 'string' || typeof title === 'number' ? String(title) : '');

function cellClass(column: Pick<DataColumn<never>, 'align' | 'ellipsis'>): string | undefined {
  const classes = [column.align === 'end' ? 'dt-end' : '', column.ellipsis ? 'dt-ellipsis' : ''].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}
