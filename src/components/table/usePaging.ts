import { useState } from 'react';
import type { TableOptions, TablePaging } from './tableTypes';

/** What a list shows of its rows, and what its pager needs. */
export interface Paging<T> {
  /** The rows of the current page. */
  rows: readonly T[];
  /** Index of the first of them among all rows (render functions get the absolute index). */
  offset: number;
  current: number;
  pageSize: number;
  total: number;
  /** Settings of the pager, or null when there is none to show. */
  pager: TablePaging | null;
  goTo: (page: number, pageSize: number) => void;
}

/**
 * Pages of a table's rows. A `pagination` whose `current` is given is controlled by its owner (and
 * server-side when its `total` exceeds the rows handed over, which then are one page already);
 * without `current` the page is kept here. With no pagination, `fallbackPageSize` (if any) still
 * cuts the rows into pages: a card list of thousands stays light on a phone.
 */
export function usePaging<T extends object>(pagination: TableOptions<T>['pagination'], dataSource: readonly T[], fallbackPageSize?: number): Paging<T> {
  const config: TablePaging | null = pagination ? pagination : fallbackPageSize ? { pageSize: fallbackPageSize, hideOnSinglePage: true } : null;
  const [localPage, setLocalPage] = useState(1);
  const [localSize, setLocalSize] = useState<number | undefined>(undefined);
  if (!config) return { rows: dataSource, offset: 0, current: 1, pageSize: dataSource.length, total: dataSource.length, pager: null, goTo: () => undefined };

  const pageSize = config.pageSize ?? localSize ?? config.defaultPageSize ?? 10;
  const total = config.total ?? dataSource.length;
  const serverSide = config.total !== undefined && config.total > dataSource.length && dataSource.length <= pageSize;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // A list that shrank (a filter, a deletion) keeps its last page in view.
  const current = Math.min(config.current ?? localPage, pages);
  const offset = (current - 1) * pageSize;
  const rows = serverSide ? dataSource : dataSource.slice(offset, offset + pageSize);
  const hidden = pages <= 1 && (config.hideOnSinglePage || (!config.showTotal && !config.showSizeChanger));
  return {
    rows,
    offset,
    current,
    pageSize,
    total,
    pager: hidden ? null : config,
    goTo: (page, size) => {
      setLocalPage(page);
      if (size !== pageSize) setLocalSize(size);
      config.onChange?.(page, size);
    },
  };
}
