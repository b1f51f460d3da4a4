import type { CSSProperties, HTMLAttributes, Key, ReactNode } from 'react';

/**
 * The table props the panel's lists use, typed here so that a list does not pull in antd's Table
 * (about 70 KB gzip with its pagination, select and virtual list). The shapes follow antd's, so a
 * column list typed with antd's `ColumnsType` (a type-only import) still fits.
 */

/** What a render function may answer: the cell's content, or antd's `{ children, props }` form. */
export type CellContent = ReactNode | { children?: ReactNode; props?: object };

/** A sorted column's direction, in antd's words. */
export type SortOrder = 'ascend' | 'descend';

/** One column. */
export interface TableColumn<T> {
  key?: Key;
  title?: ReactNode | ((props: never) => ReactNode);
  /** Field of the row shown when there is no `render` (a path when an array). */
  dataIndex?: PropertyKey | readonly PropertyKey[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- antd's render signature: the value's type depends on dataIndex
  render?: (value: any, row: T, index: number) => CellContent;
  width?: number | string;
  align?: CSSProperties['textAlign'];
  className?: string;
  /** Cuts the cell's text to one line with an ellipsis. */
  ellipsis?: boolean | { showTitle?: boolean };
  /**
   * Makes the column sortable from its header: compares two rows for the ascending order (the table
   * reverses the result for descending, and tells the direction for rules that must survive that).
   */
  sorter?: (a: T, b: T, order?: SortOrder | null) => number;
}

/** Paging: controlled (`current` and `onChange`) or not, server-side when `total` exceeds the rows given. */
export interface TablePaging {
  current?: number;
  pageSize?: number;
  defaultPageSize?: number;
  total?: number;
  onChange?: (page: number, pageSize: number) => void;
  hideOnSinglePage?: boolean;
  showSizeChanger?: boolean;
  pageSizeOptions?: readonly (number | string)[];
  showTotal?: (total: number, range: [number, number]) => ReactNode;
}

/** Checkboxes before each row, and one in the header for every row of the page. */
export interface TableSelection<T> {
  selectedRowKeys?: readonly Key[];
  onChange?: (keys: Key[], rows: T[], info: { type: 'all' | 'multiple' | 'single' | 'none' }) => void;
}

/** Rows that open to show more below them. */
export interface TableExpandable<T> {
  expandedRowRender?: (row: T, index: number, indent: number, expanded: boolean) => ReactNode;
  rowExpandable?: (row: T) => boolean;
}

/** The table's data and behaviour, as both the table and the card list read them. */
export interface TableOptions<T extends object> {
  columns?: readonly TableColumn<T>[];
  dataSource?: readonly T[];
  rowKey?: string | ((row: T, index?: number) => Key);
  loading?: boolean | { spinning?: boolean };
  locale?: { emptyText?: ReactNode | (() => ReactNode) };
  /** Absent or false: every row at once (unlike antd, which pages by ten by default). */
  pagination?: false | TablePaging;
  rowSelection?: TableSelection<T>;
  expandable?: TableExpandable<T>;
  /** Events (and other attributes) of each row's element. */
  onRow?: (row: T, index?: number) => HTMLAttributes<HTMLElement>;
  /** `x`: the table's least width (wider than its place, it scrolls sideways); `y`: the body's greatest height. */
  scroll?: { x?: number | string | true; y?: number | string };
  /**
   * Renders only the rows in view (plus a margin) of a long list, for thousands of rows. Needs
   * `scroll.y` in pixels; rows are kept to one line each, and expandable rows are not supported.
   */
  virtual?: boolean;
  size?: 'small' | 'middle' | 'large';
  'aria-label'?: string;
  className?: string;
  style?: CSSProperties;
}

/** How each row reads as a card (below the `lg` breakpoint). */
export interface CardOptions<T> {
  /** Names one row (checkbox and card labels): "Select {{name}}". */
  rowLabel: (row: T) => string;
  /** Key of the column shown as the card's title (default: the first column). */
  titleColumn?: string;
  /** Key of the column shown at the foot of each card without a label (default `actions`). */
  actionsColumn?: string;
}
