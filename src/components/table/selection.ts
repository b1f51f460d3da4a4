import type { Key } from 'react';
import { rowKeyOf } from './tableCells';
import type { TableOptions } from './tableTypes';

/** The selection of a table or card list, and the changes its checkboxes make. */
export interface Selection {
  selected: ReadonlySet<Key>;
  /** One row's checkbox. */
  toggle: (key: Key, checked: boolean) => void;
  /** The header's checkbox: every given row (the page in view) at once. */
  toggleAll: (keys: readonly Key[], checked: boolean) => void;
}

/** Reads `rowSelection` and reports each change to its `onChange` with the keys and rows now selected. */
export function selectionOf<T extends object>({ rowSelection, dataSource = [], rowKey }: Pick<TableOptions<T>, 'rowSelection' | 'dataSource' | 'rowKey'>): Selection {
  const selected = new Set(rowSelection?.selectedRowKeys ?? []);
  const report = (next: Set<Key>, type: 'all' | 'multiple') =>
    rowSelection?.onChange?.(
      [...next],
      dataSource.filter((row, i) => next.has(rowKeyOf(row, i, rowKey))),
      { type },
    );
  return {
    selected,
    toggle: (key, checked) => {
      const next = new Set(selected);
      if (checked) next.add(key);
      else next.delete(key);
      report(next, 'multiple');
    },
    toggleAll: (keys, checked) => {
      const next = new Set(selected);
      for (const key of keys) {
        if (checked) next.add(key);
        else next.delete(key);
      }
      report(next, 'all');
    },
  };
}
