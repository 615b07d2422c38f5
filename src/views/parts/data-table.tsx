import { theme, type GlobalToken } from 'antd';
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
}: DataTableProps<TRow>) {
  const { token } = theme.useToken();
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
      <table aria-label={label} aria-busy={loading ? true : undefined} className={fixed ? 'dt-table dt-fixed' : 'dt-table'}>
        {expansion || columns.some((column) => column.width !== undefined) ? (
          <colgroup>
            {expansion ? <col className="dt-toggle-column" /> : null}
            {columns.map((column) => (
              <col key={column.key} style={column.width === undefined ? undefined : { width: column.width }} />
            ))}
          </colgroup>
        ) : null}
        <thead>
          <tr>
            {expansion ? <th scope="col" /> : null}
            {columns.map((column) => (
              <th key={column.key} scope="col" aria-sort={column.sort} className={cellClass(column)}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={span} className="dt-empty">
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
                  <tr>
                    {expansion ? (
                      <td>
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
                      <td key={column.key} className={cellClass(column)}>
                        {column.render(row)}
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

function cellClass(column: Pick<DataColumn<never>, 'align' | 'ellipsis'>): string | undefined {
  const classes = [column.align === 'end' ? 'dt-end' : '', column.ellipsis ? 'dt-ellipsis' : ''].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}
