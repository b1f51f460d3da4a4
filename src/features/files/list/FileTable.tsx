import { MoreOutlined } from '@ant-design/icons';
import { Button, type TableColumnsType } from 'antd';
import { cloneElement, isValidElement, memo, useCallback, useMemo, type Key, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../core/session/useDateTime';
import { Ltr } from '../../../components/Ltr';
import { AntdResponsiveTable } from './AntdResponsiveTable';
import { formatBytes } from '../../../components/server/formatBytes';
import { compareRows } from './compareRows';
import { FileName } from './FileName';
import type { FileRow } from './fileRow';
import { useListHeight } from './useListHeight';

/** Where a row's menu opens: the pointer (right click) or the row's menu button. */
export interface MenuAnchor {
  x: number;
  y: number;
}

/** Props of {@link FileTable}. */
export interface FileTableProps {
  rows: readonly FileRow[];
  loading: boolean;
  /** Search results show paths, not names, and cannot be selected (they span folders). */
  searchResults?: boolean;
  selectedPaths: readonly string[];
  onSelect: (paths: string[]) => void;
  onOpen: (row: FileRow) => void;
  onMenu: (row: FileRow, anchor: MenuAnchor) => void;
}

/** Width of every column together: a virtual table needs a fixed horizontal size. */
const TABLE_WIDTH = 900;

/**
 * The files of a folder: sortable by name, size and date (folders first), with checkboxes for
 * bulk actions, a menu on right click and on each row's button. Virtual: only the rows in view
 * are in the page, so 10,000 entries scroll as smoothly as ten.
 *
 * Memoised, and so is everything it hands to antd's Table (give it stable handlers): on each new
 * columns, selection or data object the Table walks every row again (sort states, the selection's
 * key map, the virtual list's diff), which for a large folder costs more than the rows on screen.
 */
export const FileTable = memo(function FileTable({ rows, loading, searchResults, selectedPaths, onSelect, onOpen, onMenu }: FileTableProps) {
  const { t, i18n } = useTranslation();
  const height = useListHeight();
  const when = useDateTime();
  const language = i18n.language;

  const columns = useMemo<TableColumnsType<FileRow>>(() => [
    {
      key: 'name',
      title: t('files.column.name', 'Name'),
      // No default sort: the API lists folders first, then by name, and sorting 10,000 rows again
      // on arrival would delay the first render.
      sorter: compareRows('name'),
      render: (_, row) => <FileName row={row} showPath={searchResults} onOpen={onOpen} />,
    },
    {
      key: 'size',
      title: t('files.column.size', 'Size'),
      width: 120,
      align: 'end',
      sorter: compareRows('size'),
      render: (_, row) => (row.is_directory ? '—' : formatBytes(t, row.size, language)),
    },
    {
      key: 'modified_at',
      title: t('files.column.modified', 'Modified'),
      width: 190,
      sorter: compareRows('modified_at'),
      render: (_, row) => when(row.modified_at),
    },
    { key: 'mode', title: t('files.column.mode', 'Permissions'), width: 120, render: (_, row) => <code><Ltr>{row.mode}</Ltr></code> },
    {
      key: 'actions',
      width: 56,
      render: (_, row) => (
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={t('files.row.actions', 'Actions for {{name}}', { name: row.name })}
          onClick={(event: MouseEvent<HTMLElement>) => {
            const box = event.currentTarget.getBoundingClientRect();
            onMenu(row, { x: box.left, y: box.bottom });
          }}
        />
      ),
    },
  ], [t, language, when, searchResults, onOpen, onMenu]);

  const rowSelection = useMemo(
    () =>
      searchResults
        ? undefined
        : {
            selectedRowKeys: selectedPaths as Key[],
            onChange: (keys: Key[]) => onSelect(keys.map(String)),
            columnWidth: 48,
            // Labelled as rendered (rows in view only), not through getCheckboxProps, which antd calls for every row.
            renderCell: (_checked: boolean, row: FileRow, _index: number, node: ReactNode) =>
              isValidElement<{ 'aria-label'?: string }>(node) ? cloneElement(node, { 'aria-label': t('files.row.select', 'Select {{name}}', { name: row.name }) }) : node,
          },
    [searchResults, selectedPaths, onSelect, t],
  );
  const onRow = useCallback(
    (row: FileRow) => ({
      onContextMenu: (event: MouseEvent<HTMLElement>) => {
        event.preventDefault();
        onMenu(row, { x: event.clientX, y: event.clientY });
      },
      onDoubleClick: () => onOpen(row),
    }),
    [onMenu, onOpen],
  );
  const scroll = useMemo(() => ({ x: TABLE_WIDTH, y: height }), [height]);
  const emptyText = searchResults ? t('files.table.noResults', 'No file or folder matches') : t('files.table.empty', 'This folder is empty');
  const locale = useMemo(() => ({ emptyText }), [emptyText]);

  return (
    <AntdResponsiveTable<FileRow>
      rowLabel={(row) => (searchResults ? row.path : row.name)}
      virtual
      size="small"
      rowKey="path"
      columns={columns}
      dataSource={rows as FileRow[]}
      loading={loading}
      pagination={false}
      scroll={scroll}
      showSorterTooltip={false}
      aria-label={searchResults ? t('files.table.searchLabel', 'Search results') : t('files.table.label', 'Files')}
      locale={locale}
      rowSelection={rowSelection}
      onRow={onRow}
    />
  );
});
