import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { useState, type Key } from 'react';
import { CARD_PAGE_SIZE, ResponsiveTable, type ResponsiveTableProps, type TableColumn } from '../../../src/components/ResponsiveTable';
import { SkipLink, mainContentProps } from '../../../src/components/SkipLink';
import { installViewport, setViewportWidth } from '../helpers/viewport';
import { renderWithProviders } from '../renderWithProviders';

interface Row {
  id: number;
  name: string;
  mode: string;
}

const rows: Row[] = Array.from({ length: 3 }, (_, i) => ({ id: i, name: `file-${i}.txt`, mode: '-rw-r--r--' }));

function Harness({ data = rows, onDelete = jest.fn(), onSelect, ...rest }: { data?: Row[]; onDelete?: (row: Row) => void; onSelect?: (keys: Key[]) => void } & Partial<ResponsiveTableProps<Row>>) {
  const columns: TableColumn<Row>[] = [
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
      {...rest}
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
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('listitem', { name: `f${CARD_PAGE_SIZE}` })).toBeInTheDocument();
  });

  it('pages cards by the table’s own page size when its owner does not keep the page', async () => {
    installViewport(390);
    renderWithProviders(<Harness pagination={{ pageSize: 2 }} />);
    expect(screen.queryByRole('listitem', { name: 'file-2.txt' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('listitem', { name: 'file-2.txt' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
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

/** Selection kept by its owner, as the pages keep it. */
function SelectingHarness({ onSelect }: { onSelect: (keys: Key[]) => void }) {
  const [keys, setKeys] = useState<Key[]>([]);
  return (
    <Harness
      rowSelection={{
        selectedRowKeys: keys,
        onChange: (next) => {
          setKeys(next);
          onSelect(next);
        },
      }}
    />
  );
}

describe('ResponsiveTable as a table', () => {
  beforeEach(() => installViewport(1440));

  it('is a plain table: named, column headers in its head, one row per entry in its body', () => {
    renderWithProviders(<Harness />);
    const table = screen.getByRole('table', { name: 'Files' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .every((header) => header.getAttribute('scope') === 'col'),
    ).toBe(true);
    const [head, body] = within(table).getAllByRole('rowgroup');
    expect(head.tagName).toBe('THEAD');
    expect(
      within(body)
        .getAllByRole('row')
        .map((row) => within(row).getAllByRole('cell')[0].textContent),
    ).toEqual(['file-0.txt', 'file-1.txt', 'file-2.txt']);
    expect(document.querySelector('.ant-table')).toBeNull();
  });

  it('selects one row by its named checkbox, and every row of the page with the header’s', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    renderWithProviders(<SelectingHarness onSelect={onSelect} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select file-1.txt' }));
    expect(onSelect).toHaveBeenLastCalledWith([1]);
    expect(screen.getByRole('checkbox', { name: 'Select file-1.txt' })).toBeChecked();
    expect(screen.getByRole('row', { name: /file-1\.txt/ })).toHaveClass('panel-table-selected');
    const all = screen.getByRole('checkbox', { name: 'Select all rows' });
    expect(all).toBePartiallyChecked();

    await user.click(all);
    expect(onSelect).toHaveBeenLastCalledWith([1, 0, 2]);
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).not.toBePartiallyChecked();
    expect(screen.getByRole('checkbox', { name: 'Select file-0.txt' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onSelect).toHaveBeenLastCalledWith([]);
  });

  it('opens a row’s details with a button that says whether they are shown', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness expandable={{ expandedRowRender: (row) => <p>Owner of {row.name}</p>, rowExpandable: (row) => row.id !== 2 }} />);
    expect(screen.queryByRole('button', { name: 'Details of file-2.txt' })).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Details of file-1.txt' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Owner of file-1.txt')).not.toBeInTheDocument();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Owner of file-1.txt').closest('td')).toHaveAttribute('colspan', '4');
    await user.click(button);
    expect(screen.queryByText('Owner of file-1.txt')).not.toBeInTheDocument();
  });

  it('pages its rows itself when the owner gives only a page size', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness pagination={{ pageSize: 2 }} />);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.queryByText('file-2.txt')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('file-2.txt')).toBeInTheDocument();
    expect(screen.queryByText('file-0.txt')).not.toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('shows no pager for a single page when asked to hide it', () => {
    renderWithProviders(<Harness pagination={{ pageSize: 25, hideOnSinglePage: true }} />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('shows a page the server sent as it is, and asks its owner for the next page or another size', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithProviders(<Harness pagination={{ current: 2, pageSize: 25, total: 120, onChange, showSizeChanger: true, pageSizeOptions: [25, 50, 100], showTotal: (count) => `${count} entries` }} />);
    expect(screen.getByText('file-0.txt')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    expect(screen.getByText('120 entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(3, 25);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenLastCalledWith(1, 25);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    expect(onChange).toHaveBeenLastCalledWith(1, 100);
  });

  it('says so when there is nothing to show, in the owner’s words or antd’s empty picture', () => {
    const { unmount } = renderWithProviders(<Harness data={[]} locale={{ emptyText: 'Nothing here yet.' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Nothing here yet.');
    expect(screen.getByText('Nothing here yet.').closest('td')).toHaveAttribute('colspan', '3');
    unmount();
    renderWithProviders(<Harness data={[]} />);
    expect(screen.getByRole('status')).toHaveTextContent('No data');
  });

  it('hands each row the owner’s events', async () => {
    const user = userEvent.setup();
    const onDoubleClick = jest.fn();
    const onContextMenu = jest.fn();
    renderWithProviders(<Harness onRow={(row) => ({ onDoubleClick: () => onDoubleClick(row), onContextMenu: () => onContextMenu(row) })} />);
    await user.dblClick(screen.getByText('file-1.txt'));
    expect(onDoubleClick).toHaveBeenCalledWith(rows[1]);
    await user.pointer({ keys: '[MouseRight]', target: screen.getByText('file-2.txt') });
    expect(onContextMenu).toHaveBeenCalledWith(rows[2]);
  });

  it('lets the keyboard reach a table wider than its place, once the browser has laid it out', () => {
    // jsdom lays nothing out: this observer reports sizes when the test says the layout was done.
    const reports: ResizeObserverCallback[] = [];
    const observed: Element[] = [];
    const original = window.ResizeObserver;
    window.ResizeObserver = class {
      constructor(report: ResizeObserverCallback) {
        reports.push(report);
      }
      observe(target: Element) {
        observed.push(target);
      }
      unobserve() {}
      disconnect() {}
    };
    const scrollWidth = jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1200);
    const clientWidth = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    try {
      renderWithProviders(<Harness scroll={{ x: 'max-content' }} />);
      const region = screen.getByRole('table').parentElement!;
      expect(observed).toEqual(expect.arrayContaining([region, screen.getByRole('table')]));
      act(() => reports.forEach((report) => report([], {} as ResizeObserver)));
      expect(region).toHaveAttribute('tabindex', '0');
      // Narrowed to its place, the table no longer scrolls: the region leaves the tab order.
      scrollWidth.mockReturnValue(800);
      act(() => reports.forEach((report) => report([], {} as ResizeObserver)));
      expect(region).not.toHaveAttribute('tabindex');
    } finally {
      window.ResizeObserver = original;
      scrollWidth.mockRestore();
      clientWidth.mockRestore();
    }
  });

  it('shows a spinner while loading', () => {
    renderWithProviders(<Harness loading />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(document.querySelector('.ant-spin-spinning')).not.toBeNull();
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
