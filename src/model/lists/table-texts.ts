/** The words of a small table's own controls, where the documents give none: antd's Table said the same. */
export const TableText = {
  expandRow: 'Expand row',
  collapseRow: 'Collapse row',
} as const;
