import { Checkbox, Empty, Pagination, Spin, Table, type TableProps } from 'antd';
import type { ColumnType, TablePaginationConfig } from 'antd/es/table';
import { useEffect, useRef, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsCompact } from './useIsCompact';

/** Rows per page of the card list when the table itself has no pagination (large folders stay light). */
export const CARD_PAGE_SIZE = 50;

/** Props of {@link ResponsiveTable}: antd Table's, plus how each row reads as a card. */
export interface ResponsiveTableProps<T extends object> extends TableProps<T> {
  /** Names one row (checkbox and card labels): "Select {{name}}". */
  rowLabel: (row: T) => string;
  /** Key of the column shown as the card's title (default: the first column). */
  titleColumn?: string;
  /** Key of the column shown at the foot of each card without a label (default `actions`). */
  actionsColumn?: string;
}

const css = `
.panel-cards{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.panel-card-row{border:1px solid var(--panel-card-border);border-radius:8px;padding:12px;background:var(--panel-input-bg);min-width:0}
.panel-card-row header{display:flex;align-items:center;gap:8px;min-width:0;font-weight:600;overflow-wrap:anywhere}
.panel-card-row dl{display:grid;grid-template-columns:minmax(0,max-content) minmax(0,1fr);gap:4px 12px;margin:8px 0 0}
.panel-card-row dt{opacity:.85}
.panel-card-row dd{margin:0;min-width:0;overflow-wrap:anywhere}
.panel-card-row footer{margin-top:10px}
.panel-card-row details{margin-top:8px}
.panel-card-row summary{cursor:pointer}
`;

type Column<T> = ColumnType<T> & { key?: Key };

/** The value antd would hand to a column's render: `row[dataIndex]` (a path when an array). */
function cellValue<T extends object>(row: T, column: Column<T>): unknown {
  const index = column.dataIndex;
  if (index === undefined || index === null) return undefined;
  const path = Array.isArray(index) ? index : [index];
  return path.reduce<unknown>((value, part) => (value == null ? value : (value as Record<string, unknown>)[String(part)]), row);
}

function cell<T extends object>(row: T, column: Column<T>, index: number): ReactNode {
  const value = cellValue(row, column);
  if (column.render) {
    const rendered = column.render(value, row, index);
    // render may answer { children, props } (cell spans); a card needs the children only.
    return rendered && typeof rendered === 'object' && 'children' in rendered && !('$$typeof' in rendered) ? (rendered.children as ReactNode) : (rendered as ReactNode);
  }
  return value as ReactNode;
}

function rowKeyOf<T extends object>(row: T, index: number, rowKey: TableProps<T>['rowKey']): Key {
  if (typeof rowKey === 'function') return rowKey(row, index) as Key;
  return (row as Record<string, Key>)[rowKey ?? 'key'] ?? index;
}

/**
 * A table from the `lg` breakpoint up (antd Table, given every prop), and below it a list of
 * cards: each row stacked as label–value pairs, actions at its foot, so a phone never scrolls
 * sideways to find them. Selection, expandable rows, pagination and row events carry over; with no
 * pagination the cards come in pages of {@link CARD_PAGE_SIZE}.
 */
export function ResponsiveTable<T extends object>(props: ResponsiveTableProps<T>) {
  const { rowLabel, titleColumn, actionsColumn = 'actions', ...tableProps } = props;
  const { t } = useTranslation();
  const compact = useIsCompact();
  const [localPage, setLocalPage] = useState(1);
  const wrapper = useRef<HTMLDivElement>(null);
  // A table wider than its place scrolls sideways: keyboard users must reach that scroll too.
  useEffect(() => {
    wrapper.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body').forEach((region) => {
      if (region.scrollWidth > region.clientWidth) region.tabIndex = 0;
    });
  });
  if (!compact) {
    return (
      <div ref={wrapper}>
        <Table<T> {...tableProps} />
      </div>
    );
  }

  const { columns = [], dataSource = [], loading, pagination, rowSelection, expandable, onRow, locale, rowKey } = tableProps;
  const all = columns as Column<T>[];
  const title = all.find((column) => column.key === titleColumn) ?? all[0];
  const actions = all.find((column) => column.key === actionsColumn && column !== title);
  const fields = all.filter((column) => column !== title && column !== actions);
  const selected = new Set(rowSelection?.selectedRowKeys ?? []);

  // The table's own pagination (controlled by its owner) or pages of our own.
  const paged = pagination !== false && pagination !== undefined;
  const config = (paged ? pagination : {}) as TablePaginationConfig;
  const pageSize = paged ? (config.pageSize ?? 10) : CARD_PAGE_SIZE;
  const current = paged ? (config.current ?? 1) : Math.min(localPage, Math.max(1, Math.ceil(dataSource.length / pageSize)));
  // A controlled, server-side pagination hands over one page already.
  const rows = paged && config.total !== undefined && config.total > dataSource.length ? [...dataSource] : dataSource.slice((current - 1) * pageSize, current * pageSize);
  const total = paged ? (config.total ?? dataSource.length) : dataSource.length;
  const offset = (current - 1) * pageSize;

  const toggle = (key: Key, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(key);
    else next.delete(key);
    const keys = [...next];
    rowSelection?.onChange?.(keys, dataSource.filter((row, i) => next.has(rowKeyOf(row, i, rowKey))), { type: 'multiple' });
  };

  const isLoading = typeof loading === 'object' ? loading.spinning : loading;
  const label = (tableProps as { 'aria-label'?: string })['aria-label'];
  return (
    <Spin spinning={Boolean(isLoading)}>
      <style href="panel-cards" precedence="default">
        {css}
      </style>
      {rows.length === 0 ? (
        <div role="status">{(locale?.emptyText as ReactNode) ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}</div>
      ) : (
        <ul className="panel-cards" aria-label={label} aria-busy={Boolean(isLoading)}>
          {rows.map((row, i) => {
            const index = offset + i;
            const key = rowKeyOf(row, index, rowKey);
            const events = onRow?.(row, index) ?? {};
            const name = rowLabel(row);
            return (
              <li key={key} className="panel-card-row" aria-label={name} onContextMenu={events.onContextMenu} onDoubleClick={events.onDoubleClick}>
                <header>
                  {rowSelection ? (
                    <Checkbox
                      checked={selected.has(key)}
                      onChange={(event) => toggle(key, event.target.checked)}
                      aria-label={t('table.selectRow', 'Select {{name}}', { name })}
                    />
                  ) : null}
                  <div style={{ minWidth: 0, flex: 1 }}>{title ? cell(row, title, index) : name}</div>
                </header>
                {fields.length > 0 ? (
                  <dl>
                    {fields.map((column) => (
                      <div key={String(column.key)} style={{ display: 'contents' }}>
                        <dt>{typeof column.title === 'function' ? null : (column.title as ReactNode)}</dt>
                        <dd>{cell(row, column, index)}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                {expandable?.expandedRowRender && (expandable.rowExpandable?.(row) ?? true) ? (
                  <details>
                    <summary>{t('table.showDetails', 'Details')}</summary>
                    {expandable.expandedRowRender(row, index, 0, true)}
                  </details>
                ) : null}
                {actions ? <footer>{cell(row, actions, index)}</footer> : null}
              </li>
            );
          })}
        </ul>
      )}
      {total > pageSize ? (
        <Pagination
          style={{ marginTop: 12 }}
          size="small"
          simple
          current={current}
          pageSize={pageSize}
          total={total}
          onChange={(page, size) => (paged ? config.onChange?.(page, size) : setLocalPage(page))}
        />
      ) : null}
    </Spin>
  );
}
