import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CARD_PAGE_SIZE, ResponsiveTable } from '../../../src/components/ResponsiveTable';
import { SkipLink, mainContentProps } from '../../../src/components/SkipLink';
import { installViewport, setViewportWidth } from '../helpers/viewport';
import { renderWithProviders } from '../renderWithProviders';

interface Row {
  id: number;
  name: string;
  mode: string;
}

const rows: Row[] = Array.from({ length: 3 }, (_, i) => ({ id: i, name: `file-${i}.txt`, mode: '-rw-r--r--' }));

function Harness({ data = rows, onDelete = jest.fn(), onSelect }: { data?: Row[]; onDelete?: (row: Row) => void; onSelect?: (keys: React.Key[]) => void }) {
  const columns: ColumnsType<Row> = [
    { key: 'name', title: 'Name', dataIndex: 'name' },
    { key: 'mode', title: 'Permissions', render: (_, row) => <code>{row.mode}</code> },
    { key: 'actions', title: 'Actions', render: (_, row) => <Button onClick={() => onDelete(row)}>Delete {row.name}</Button> },
  ];
  return (
    <ResponsiveTable<Row>
      rowKey="id"
      aria-label="Files"
      rowLabel={(row) => row.name}
      columns={columns}
      dataSource={data}
      pagination={false}
      rowSelection={onSelect ? { selectedRowKeys: [], onChange: (keys) => onSelect(keys) } : undefined}
    />
  );
}

describe('ResponsiveTable', () => {
  it('is a table from the lg breakpoint (1280 px) up', () => {
    installViewport(1440);
    renderWithProviders(<Harness />);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Permissions', 'Actions']);
  });

  it('below lg, every row is a card: labelled values stacked, its actions in reach without sideways scrolling', async () => {
    installViewport(390);
    const onDelete = jest.fn();
    renderWithProviders(<Harness onDelete={onDelete} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Files' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const card = within(list).getByRole('listitem', { name: 'file-1.txt' });
    expect(within(card).getByText('Permissions').tagName).toBe('DT');
    expect(within(card).getByText('-rw-r--r--')).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Delete file-1.txt' }));
    expect(onDelete).toHaveBeenCalledWith(rows[1]);
  });

  it('keeps selection in card form, each checkbox named after its row', async () => {
    installViewport(390);
    const onSelect = jest.fn();
    renderWithProviders(<Harness onSelect={onSelect} />);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Select file-2.txt' }));
    expect(onSelect).toHaveBeenCalledWith([2]);
  });

  it('pages long lists of cards, so a folder of thousands stays light on a phone', async () => {
    installViewport(390);
    const many = Array.from({ length: CARD_PAGE_SIZE * 2 + 5 }, (_, i) => ({ id: i, name: `f${i}`, mode: '-rw-r--r--' }));
    renderWithProviders(<Harness data={many} />);
    expect(within(screen.getByRole('list', { name: 'Files' })).getAllByRole('listitem')).toHaveLength(CARD_PAGE_SIZE);
    await userEvent.setup().click(screen.getByTitle('Next Page'));
    expect(screen.getByRole('listitem', { name: `f${CARD_PAGE_SIZE}` })).toBeInTheDocument();
  });

  it('switches when the window crosses lg', () => {
    installViewport(1440);
    renderWithProviders(<Harness />);
    expect(screen.getByRole('table')).toBeInTheDocument();
    act(() => setViewportWidth(1279));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Files' })).toBeInTheDocument();
  });
});

describe('SkipLink', () => {
  it('is the first thing Tab reaches and moves focus to the main content', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <SkipLink />
        <nav>
          <a href="/a">Somewhere</a>
        </nav>
        <main {...mainContentProps}>
          <h1>Page</h1>
        </main>
      </>,
    );
    await user.tab();
    const link = screen.getByRole('link', { name: 'Skip to content' });
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
