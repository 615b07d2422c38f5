import type { GlobalToken } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { VIRTUAL_TABLE } from '../../model/lists/paging';
import './virtual-table.css';

/** The badge colours the big tables use: antd's status colours and the two palette colours of the order groups. */
export type BadgeColor = 'default' | 'processing' | 'success' | 'warning' | 'error' | 'gold' | 'cyan';

/** The big table's header row, in pixels: the virtualizer counts the rows from below it. */
export const HEADER_HEIGHT = 48;

/** The class names of virtual-table.css, for the big table and its cells. */
export const TableClass = {
  scroll: 'vt-scroll',
  table: 'vt-table',
  /** The table below 768 px: each row a card. */
  cardsTable: 'vt-table vt-cards',
  /** A cell's column name, shown in a card only. */
  cardLabel: 'vt-card-label',
  cardValue: 'vt-card-value',
  head: 'vt-head',
  headerRow: 'vt-header-row',
  headerCell: 'vt-cell vt-header-cell',
  /** A header that does not sort: above the cards it has nothing to offer, and each card names its cells. */
  plainHeaderCell: 'vt-cell vt-header-cell vt-header-plain',
  sortLabel: 'vt-sort-label',
  body: 'vt-body',
  loadingMore: 'vt-loading-more',
  row: 'vt-row',
  cell: 'vt-cell',
  button: 'vt-button',
  linkButton: 'vt-button vt-button-link',
  /** A cell's content in a column: a status over its overdue badge. */
  stack: 'vt-stack',
  /** The badges under a status (attention, overdue), side by side so that the 64 px row still fits them. */
  marks: 'vt-marks',
  /** A text cut after two lines, which the 64 px row fits. */
  twoLines: 'vt-two-lines',
  /** A row's menu button: the table's bare button, square, around the icon. */
  menuButton: 'vt-button vt-menu-button',
} as const;

/**
 * The theme's values that virtual-table.css reads, as custom properties on the table's root: worked out once per
 * table and theme rather than by each of the cells, which a fast scroll builds five rows of in every frame.
 */
export function tableVariables(token: GlobalToken, columns: string): CSSProperties {
  const variables: Record<`--vt-${string}`, string> = {
    '--vt-columns': columns,
    '--vt-viewport': `${VIRTUAL_TABLE.viewportPx}px`,
    '--vt-header-height': `${HEADER_HEIGHT}px`,
    '--vt-row-height': `${VIRTUAL_TABLE.rowHeightPx}px`,
    '--vt-bg': token.colorBgContainer,
    '--vt-header-bg': token.colorFillAlter,
    '--vt-header-weight': String(token.fontWeightStrong),
    '--vt-border': token.colorBorderSecondary,
    '--vt-radius-lg': `${token.borderRadiusLG}px`,
    '--vt-radius-sm': `${token.borderRadiusSM}px`,
    '--vt-link': token.colorLink,
    '--vt-text': token.colorText,
    '--vt-badge-font-size': `${token.fontSizeSM}px`,
    '--vt-badge-line-height': `${Math.round(token.lineHeightSM * token.fontSizeSM)}px`,
    '--vt-default-bg': token.colorFillTertiary,
    '--vt-default-border': token.colorBorder,
    '--vt-processing-bg': token.colorInfoBg,
    '--vt-processing-border': token.colorInfoBorder,
    '--vt-success-bg': token.colorSuccessBg,
    '--vt-success-border': token.colorSuccessBorder,
    '--vt-warning-bg': token.colorWarningBg,
    '--vt-warning-border': token.colorWarningBorder,
    '--vt-error-bg': token.colorErrorBg,
    '--vt-error-border': token.colorErrorBorder,
    '--vt-gold-bg': token.gold1,
    '--vt-gold-border': token.gold3,
    '--vt-cyan-bg': token.cyan1,
    '--vt-cyan-border': token.cyan3,
  };
  return variables;
}

/** A status word on a coloured badge, like antd's Tag at a fraction of the work. */
export function Badge({ color, children }: { color: BadgeColor; children: ReactNode }) {
  return <span className={`vt-badge vt-badge-${color}`}>{children}</span>;
}
