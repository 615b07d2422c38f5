import { useMemo } from 'react';
import type { Kit, KitColumn } from '../../../model/kits/kit';
import { isSortableKitColumn, kitColumnLabel, type KitListColumn, type KitListLayout } from '../../../model/kits/kit-list-rules';
import { KitListText } from '../../../model/kits/kit-list-texts';
import { VirtualTable, type ListTableProps, type VirtualColumn } from '../../parts/virtual-table';
import { KitCell, type KitCellActions } from './kit-cells';

const WIDTHS: Readonly<Record<KitListColumn, string>> = {
  barcode: 'minmax(150px, 1.2fr)',
  orderNumber: 'minmax(130px, 1fr)',
  registeredAt: 'minmax(130px, 1fr)',
  createdAt: 'minmax(130px, 1fr)',
  patient: 'minmax(150px, 1.2fr)',
  product: 'minmax(180px, 1.5fr)',
  status: 'minmax(190px, 1.2fr)',
  results: 'minmax(120px, 0.8fr)',
};

const kitKey = (kit: Kit) => kit.uid;

interface KitsTableProps extends ListTableProps<KitColumn, KitCellActions> {
  layout: KitListLayout;
  kits: readonly Kit[];
}

/** The kits as the big table (kits §2, §9): the unit's columns, each cell by column. */
export function KitsTable({ layout, kits, sort, onSort, more, actions }: KitsTableProps) {
  // Stable while the layout and actions are, so that the rows on screen need not render again as the list scrolls.
  const columns = useMemo(
    () =>
      layout.columns.map((column): VirtualColumn<Kit, KitListColumn> => ({
        key: column,
        label: kitColumnLabel(column, layout.workflow),
        width: WIDTHS[column],
        sortable: isSortableKitColumn(column),
        cell: (kit) => <KitCell column={column} kit={kit} actions={actions} />,
      })),
    [layout, actions],
  );
  const texts = useMemo(
    () => ({
      table: KitListText.tableLabel(layout.title),
      scroll: KitListText.scrollLabel(layout.title),
      loadingMore: KitListText.loadingMore(layout.noun),
    }),
    [layout],
  );
  return (
    <VirtualTable
      columns={columns}
      rows={kits}
      rowKey={kitKey}
      sort={sort}
      onSort={(column) => {
        if (isSortableKitColumn(column)) onSort(column);
      }}
      {...more}
      texts={texts}
    />
  );
}
