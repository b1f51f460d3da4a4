import { Checkbox, type CheckboxRef } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cellClass, cellStyle, columnKey, columnTitle } from './tableCells';
import type { TableColumn } from './tableTypes';
import type { SortState, Sorting } from './useSortedRows';

/** The header's words for a column's order: only the sorted column says one. */
function ariaSort(sort: SortState | null, key: string): 'ascending' | 'descending' | 'none' {
  if (sort?.key !== key) return 'none';
  return sort.order === 'ascend' ? 'ascending' : 'descending';
}

/** Props of {@link LightTableHead}. */
export interface LightTableHeadProps<T> {
  columns: readonly TableColumn<T>[];
  /** The "select all" box of a table with selection (null without): state of the rows of the page. */
  selectAll: { checked: boolean; indeterminate: boolean; disabled: boolean; onChange: (checked: boolean) => void } | null;
  /** Whether rows expand (the header keeps a cell above their buttons). */
  expandable: boolean;
  sorting: Sorting<T>;
  virtual: boolean;
}

/** The header row of {@link LightTable}: the select-all box, the columns' titles, and a sort button on sortable ones. */
export function LightTableHead<T>({ columns, selectAll, expandable, sorting, virtual }: LightTableHeadProps<T>) {
  const { t } = useTranslation();
  const selectAllBox = useRef<CheckboxRef>(null);
  const someSelected = selectAll?.indeterminate ?? false;
  // antd only paints the mixed state; the input's own flag is what screen readers hear.
  useEffect(() => {
    if (selectAllBox.current?.input) selectAllBox.current.input.indeterminate = someSelected;
  });
  return (
    <thead>
      <tr aria-rowindex={virtual ? 1 : undefined}>
        {selectAll ? (
          <th scope="col" className="panel-table-control">
            <Checkbox
              checked={selectAll.checked}
              ref={selectAllBox}
              indeterminate={selectAll.indeterminate}
              disabled={selectAll.disabled}
              onChange={(event) => selectAll.onChange(event.target.checked)}
              aria-label={t('table.selectAll', 'Select all rows')}
            />
          </th>
        ) : null}
        {expandable ? <td className="panel-table-control" /> : null}
        {columns.map((column, place) => {
          const key = columnKey(column, place);
          return column.sorter ? (
            <th key={key} scope="col" className={cellClass(column)} style={cellStyle(column)} aria-sort={ariaSort(sorting.sort, key)}>
              <button type="button" className="panel-table-sort" onClick={() => sorting.toggle(key)}>
                {columnTitle(column)}
              </button>
            </th>
          ) : (
            <th key={key} scope="col" className={cellClass(column)} style={cellStyle(column)}>
              {columnTitle(column)}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
