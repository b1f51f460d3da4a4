import type { CSSProperties, Key, ReactNode } from 'react';
import type { TableColumn, TableOptions } from './tableTypes';

/** The value a column's render receives: `row[dataIndex]` (a path when an array). */
export function cellValue<T extends object>(row: T, column: TableColumn<T>): unknown {
  const index = column.dataIndex;
  if (index === undefined || index === null) return undefined;
  const path: readonly PropertyKey[] = Array.isArray(index) ? index : [index];
  return path.reduce<unknown>((value, part) => (value == null ? value : (value as Record<PropertyKey, unknown>)[part]), row);
}

/** A cell's content. */
export function cell<T extends object>(row: T, column: TableColumn<T>, index: number): ReactNode {
  const value = cellValue(row, column);
  if (column.render) {
    const rendered = column.render(value, row, index);
    // render may answer { children, props } (antd's cell spans); only the children are shown.
    return rendered && typeof rendered === 'object' && 'children' in rendered && !('$$typeof' in rendered) ? rendered.children : (rendered as ReactNode);
  }
  return value as ReactNode;
}

/** A row's key: the `rowKey` field or function, else `key`, else its position. */
export function rowKeyOf<T extends object>(row: T, index: number, rowKey: TableOptions<T>['rowKey']): Key {
  if (typeof rowKey === 'function') return rowKey(row, index);
  return (row as Record<string, Key>)[rowKey ?? 'key'] ?? index;
}

/** A column's React key: its `key`, else its dataIndex, else its place. */
export function columnKey<T>(column: TableColumn<T>, place: number): string {
  if (column.key !== undefined) return String(column.key);
  if (column.dataIndex !== undefined) return String(column.dataIndex);
  return `column-${place}`;
}

/** A column title as text-less content: function titles (antd's sorter titles) show nothing. */
export function columnTitle<T>(column: TableColumn<T>): ReactNode {
  return typeof column.title === 'function' ? null : column.title;
}

/** Whether the table is loading, from antd's `boolean | { spinning }`. */
export function isLoading(loading: TableOptions<object>['loading']): boolean {
  return Boolean(typeof loading === 'object' ? loading.spinning : loading);
}

/** The empty text, given as a node or a function. */
export function emptyText(locale: TableOptions<object>['locale']): ReactNode {
  const text = locale?.emptyText;
  return typeof text === 'function' ? text() : text;
}

/** A cell's width and alignment, as its column asks. */
export function cellStyle<T>(column: TableColumn<T>): CSSProperties | undefined {
  if (column.width === undefined && column.align === undefined) return undefined;
  return { width: column.width, textAlign: column.align };
}

/** A cell's classes: the column's own, and the ellipsis of a column that cuts its text. */
export function cellClass<T>(column: TableColumn<T>): string | undefined {
  return [column.className, column.ellipsis ? 'panel-table-ellipsis' : undefined].filter(Boolean).join(' ') || undefined;
}
