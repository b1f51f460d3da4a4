import { useMemo, useState } from 'react';
import { columnKey } from './tableCells';
import type { SortOrder, TableColumn } from './tableTypes';

/** The column the rows are sorted by, and in which direction. */
export interface SortState {
  key: string;
  order: SortOrder;
}

/** The rows in the order the user chose, and what the column headers need. */
export interface Sorting<T> {
  rows: readonly T[];
  sort: SortState | null;
  /** A sortable column's header was pressed: ascending, then descending, then the rows' own order. */
  toggle: (key: string) => void;
}

/**
 * Sorting by one column at a time, as antd's Table does: each column's `sorter` compares two rows
 * (told the direction) and its result is reversed for "descend". Without a sorted column the rows
 * keep the order they came in, so a large list is not sorted again on arrival.
 */
export function useSortedRows<T>(columns: readonly TableColumn<T>[], dataSource: readonly T[]): Sorting<T> {
  const [sort, setSort] = useState<SortState | null>(null);
  const sorter = sort ? columns.find((column, place) => columnKey(column, place) === sort.key)?.sorter : undefined;
  const order = sort?.order;
  const rows = useMemo(() => {
    if (!sorter || !order) return dataSource;
    const sign = order === 'descend' ? -1 : 1;
    return [...dataSource].sort((a, b) => sign * sorter(a, b, order));
  }, [dataSource, sorter, order]);
  const toggle = (key: string) =>
    setSort((now) => {
      if (now?.key !== key) return { key, order: 'ascend' };
      return now.order === 'ascend' ? { key, order: 'descend' } : null;
    });
  return { rows, sort: sorter ? sort : null, toggle };
}
