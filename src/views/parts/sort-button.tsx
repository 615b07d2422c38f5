import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ListSort } from '../../model/lists/paging';
import './lists.css';

/** How a column header says the sort with aria-sort: only the sorted column says it. */
export function ariaSort(sort: ListSort, column: string): 'ascending' | 'descending' | undefined {
  if (sort.column !== column) return undefined;
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/**
 * A column header that sorts on the server (ordering §2, kits §4): the column's name, with a caret on the column
 * the list is sorted by. The header cell around it says the sort with `ariaSort`.
 */
export function SortButton({ label, sort, column, onSort }: { label: string; sort: ListSort; column: string; onSort: () => void }) {
  const sorted = sort.column === column;
  return (
    <Button type="text" size="small" className="ls-sort" onClick={onSort}>
      {label}
      {sorted ? sort.direction === 'asc' ? <CaretUpOutlined aria-hidden /> : <CaretDownOutlined aria-hidden /> : null}
    </Button>
  );
}
