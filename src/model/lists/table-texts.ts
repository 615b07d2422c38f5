/** The words of a small table's own controls, where the documents give none: antd's Table said the same. */
export const TableText = {
  expandRow: 'Expand row',
  collapseRow: 'Collapse row',
  /** Before the sort buttons when a list shows as cards on a phone, where no header row names the columns. */
  sortBy: 'Sort by',
} as const;
