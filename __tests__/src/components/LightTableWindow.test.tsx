import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type Key } from 'react';
import { LightTable } from '../../../src/components/table/LightTable';
import type { SortOrder, TableColumn, TableOptions } from '../../../src/components/table/tableTypes';
import { renderWithProviders } from '../renderWithProviders';

interface Row {
  id: number;
  name: string;
  size: number;
}

const many: Row[] = Array.from({ length: 1000 }, (_, i) => ({ id: i, name: `row-${i}`, size: (i * 7) % 13 }));
const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]).getAllByRole('row');
const names = () => bodyRows().map((row) => within(row).getAllByRole('cell').at(-2)?.textContent);

function Table({ data = many, sizeSorter, ...rest }: { data?: Row[]; sizeSorter?: TableColumn<Row>['sorter'] } & Partial<TableOptions<Row>>) {
  const columns: TableColumn<Row>[] = [
    { key: 'name', title: 'Name', dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name) },
    { key: 'size', title: 'Size', dataIndex: 'size', sorter: sizeSorter ?? ((a, b) => a.size - b.size) },
  ];
  return <LightTable<Row> rowKey="id" aria-label="Rows" rowLabel={(row) => row.name} columns={columns} dataSource={data} virtual scroll={{ y: 400 }} {...rest} />;
}

describe('LightTable, windowed', () => {
  it('renders only the rows in view and a margin, with spacer rows for the others', () => {
    renderWithProviders(<Table />);
    const table = screen.getByRole('table', { name: 'Rows' });
    expect(table).toHaveAttribute('aria-rowcount', '1001');
    const rendered = document.querySelectorAll('tbody > tr[aria-rowindex]');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(50);
    expect(rendered[0]).toHaveAttribute('aria-rowindex', '2');
    const spacers = document.querySelectorAll<HTMLElement>('tbody > tr.panel-table-spacer');
    expect(spacers).toHaveLength(1);
    // Every row not rendered keeps its height in the spacer, so the scrollbar is that of all rows.
    expect(parseFloat(spacers[0].style.height)).toBe((1000 - rendered.length) * 40);
  });

  it('renders the rows a scroll brings into view, numbered among all rows', () => {
    renderWithProviders(<Table />);
    const region = screen.getByRole('table').parentElement as HTMLElement;
    fireEvent.scroll(region, { target: { scrollTop: 500 * 40 } });
    expect(screen.getByText('row-500')).toBeInTheDocument();
    expect(screen.getByText('row-500').closest('tr')).toHaveAttribute('aria-rowindex', '502');
    expect(screen.queryByText('row-0')).not.toBeInTheDocument();
    expect(document.querySelectorAll('tbody > tr.panel-table-spacer')).toHaveLength(2);
    fireEvent.scroll(region, { target: { scrollTop: 999 * 40 } });
    expect(screen.getByText('row-999')).toBeInTheDocument();
  });

  it('selects every row with the header’s checkbox, rendered or not', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    function Selecting() {
      const [keys, setKeys] = useState<Key[]>([]);
      return (
        <Table
          rowSelection={{
            selectedRowKeys: keys,
            onChange: (next) => {
              setKeys(next);
              onChange(next);
            },
          }}
        />
      );
    }
    renderWithProviders(<Selecting />);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onChange.mock.lastCall[0]).toHaveLength(1000);
    expect(screen.getByRole('checkbox', { name: 'Select row-3' })).toBeChecked();
  });
});

describe('LightTable, sorted by a column', () => {
  const few = [
    { id: 0, name: 'b', size: 3 },
    { id: 1, name: 'c', size: 1 },
    { id: 2, name: 'a', size: 2 },
  ];

  it('sorts from the header’s button: ascending, descending, then the rows’ own order, said by aria-sort', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Table data={few} />);
    const header = screen.getByRole('columnheader', { name: 'Size' });
    expect(header).toHaveAttribute('aria-sort', 'none');
    const button = within(header).getByRole('button', { name: 'Size' });
    await user.click(button);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['c', 'a', 'b']);
    await user.click(button);
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['b', 'a', 'c']);
    await user.click(button);
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['b', 'c', 'a']);
  });

  it('sorts by one column at a time, each starting ascending', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Table data={few} />);
    await user.click(screen.getByRole('button', { name: 'Size' }));
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByRole('columnheader', { name: 'Size' })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['a', 'b', 'c']);
  });

  it('tells the sorter the direction, and reverses its answer for descending', async () => {
    const user = userEvent.setup();
    const directions = new Set<SortOrder | null | undefined>();
    const sizeSorter = (a: Row, b: Row, order?: SortOrder | null) => {
      directions.add(order);
      return a.size - b.size;
    };
    renderWithProviders(<Table data={few} sizeSorter={sizeSorter} />);
    await user.click(screen.getByRole('button', { name: 'Size' }));
    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect([...directions]).toEqual(['ascend', 'descend']);
    expect(names()).toEqual(['b', 'a', 'c']);
  });

  it('keeps the keyboard on the header’s button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Table data={few} />);
    await act(async () => screen.getByRole('button', { name: 'Name' }).focus());
    await user.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  });
});
