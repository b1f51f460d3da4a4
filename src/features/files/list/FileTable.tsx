import { MoreOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { memo, useCallback, useMemo, type Key, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../core/session/useDateTime';
import { Ltr } from '../../../components/Ltr';
import { ResponsiveTable, type TableColumn } from '../../../components/ResponsiveTable';
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

// Row labels (checkboxes and cards) of a folder's listing and of search results.
const nameOf = (row: FileRow) => row.name;
const pathOf = (row: FileRow) => row.path;

/** Width of every column together: a windowed table keeps one column layout for every row. */
const TABLE_WIDTH = 900;

/**
 * The files of a folder: sortable by name, size and date (folders first), with checkboxes for
 * bulk actions, a menu on right click and on each row's button. Windowed (the light table's
 * `virtual`): only the rows in view are in the page, so 10,000 entries scroll as smoothly as ten.
 *
 * Memoised, and so is everything it hands to the table (give it stable handlers): a large folder
 * then renders again only when its rows, loading state or selection change.
 */
export const FileTable = memo(function FileTable({ rows, loading, searchResults, selectedPaths, onSelect, onOpen, onMenu }: FileTableProps) {
  const { t, i18n } = useTranslation();
  const height = useListHeight();
  const when = useDateTime();
  const language = i18n.language;

  const columns = useMemo<TableColumn<FileRow>[]>(
    () => [
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
      {
        key: 'mode',
        title: t('files.column.mode', 'Permissions'),
        width: 120,
        render: (_, row) => (
          <code>
            <Ltr>{row.mode}</Ltr>
          </code>
        ),
      },
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
    ],
    [t, language, when, searchResults, onOpen, onMenu],
  );

  const rowSelection = useMemo(
    () =>
      searchResults
        ? undefined
        : {
            selectedRowKeys: selectedPaths,
            onChange: (keys: Key[]) => onSelect(keys.map(String)),
          },
    [searchResults, selectedPaths, onSelect],
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
    <ResponsiveTable<FileRow>
      rowLabel={searchResults ? pathOf : nameOf}
      virtual
      size="small"
      rowKey="path"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={scroll}
      aria-label={searchResults ? t('files.table.searchLabel', 'Search results') : t('files.table.label', 'Files')}
      locale={locale}
      rowSelection={rowSelection}
      onRow={onRow}
    />
  );
});
