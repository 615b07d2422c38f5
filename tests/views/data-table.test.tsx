import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataColumn, type DataTableExpansion } from '../../src/views/parts/data-table';

interface Row {
  readonly id: string;
  readonly name: string;
  readonly amount: string;
  readonly notes: readonly string[];
}

const rows: readonly Row[] = [
  { id: 'a', name: 'Alpha', amount: '$1.00', notes: ['first note'] },
  { id: 'b', name: 'Beta', amount: '$2.00', notes: [] },
];

const columns: readonly DataColumn<Row>[] = [
  { key: 'name', title: 'Name', render: (row) => row.name, sort: 'descending' },
  { key: 'amount', title: 'Amount', render: (row) => row.amount, align: 'end' },
];

const expansion: DataTableExpansion<Row> = {
  canExpand: (row) => row.notes.length > 0,
  render: (row) => <p>{row.notes.join(', ')}</p>,
};

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the small table', () => {
  it('is a named table whose headers say the sort and whose cells line up as their columns ask', () => {
    render(<DataTable<Row> label="Payments" columns={columns} rows={rows} rowKey={(row) => row.id} empty="Nothing yet" />);
    const table = screen.getByRole('table', { name: 'Payments' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Amount']);
    expect(headers[0]?.getAttribute('aria-sort')).toBe('descending');
    expect(headers[1]?.getAttribute('aria-sort')).toBeNull();
    expect(bodyRows(table).map((row) => row.textContent)).toEqual(['Alpha$1.00', 'Beta$2.00']);
    expect(within(table).getByRole('cell', { name: '$2.00' }).className).toContain('dt-end');
    expect(table.getAttribute('aria-busy')).toBeNull();
  });

  it('says its empty text across the columns when there are no rows', () => {
    render(
      <DataTable<Row> label="Payments" columns={columns} rows={[]} rowKey={(row) => row.id} empty="Nothing yet" expansion={expansion} />,
    );
    const cell = screen.getByRole('cell', { name: 'Nothing yet' });
    expect(cell.getAttribute('colspan')).toBe('3');
  });

  it('opens a row that has more to show, and only such a row, with a toggle that says its state', async () => {
    const user = userEvent.setup();
    render(
      <DataTable<Row> label="Payments" columns={columns} rows={rows} rowKey={(row) => row.id} empty="Nothing yet" expansion={expansion} />,
    );
    const table = screen.getByRole('table', { name: 'Payments' });
    const [alpha, beta] = bodyRows(table);
    expect(within(beta as HTMLElement).queryByRole('button')).toBeNull();
    const toggle = within(alpha as HTMLElement).getByRole('button', { name: 'Expand row' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('first note')).toBeNull();

    await user.click(toggle);
    const opened = within(alpha as HTMLElement).getByRole('button', { name: 'Collapse row' });
    expect(opened.getAttribute('aria-expanded')).toBe('true');
    const detail = screen.getByText('first note').closest('tr');
    expect(detail?.id).toBe(opened.getAttribute('aria-controls'));
    expect(bodyRows(table)).toHaveLength(3);

    await user.click(opened);
    expect(screen.queryByText('first note')).toBeNull();
    expect(within(alpha as HTMLElement).getByRole('button', { name: 'Expand row' })).toBeTruthy();
  });

  it('keeps its rows under a named spinner while others are on their way, and shows a footer row', () => {
    render(
      <DataTable<Row>
        label="Payments"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty="Nothing yet"
        loading="Loading payments"
        footer={
          <tr>
            <td>Total</td>
            <td>$3.00</td>
          </tr>
        }
      />,
    );
    const table = screen.getByRole('table', { name: 'Payments' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(bodyRows(table)).toHaveLength(3);
    expect(screen.getByRole('status').textContent).toContain('Loading payments');
    expect(within(table).getByRole('cell', { name: '$3.00' }).closest('tfoot')).not.toBeNull();
  });
});
