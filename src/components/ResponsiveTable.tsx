import { useIsCompact } from './useIsCompact';
import { CardList } from './table/CardList';
import { LightTable } from './table/LightTable';
import type { CardOptions, TableOptions } from './table/tableTypes';

export { CARD_PAGE_SIZE } from './table/CardList';
export type { TableColumn, TablePaging, TableSelection, TableExpandable } from './table/tableTypes';

/** Props of {@link ResponsiveTable}: the table's (antd Table's shapes), plus how each row reads as a card. */
export type ResponsiveTableProps<T extends object> = TableOptions<T> & CardOptions<T>;

/**
 * A table from the `lg` breakpoint up, and below it a list of cards: each row stacked as
 * label–value pairs, actions at its foot, so a phone never scrolls sideways to find them.
 * Selection, expandable rows, pagination and row events work in both forms.
 *
 * The table is the panel's own (see {@link LightTable}), not antd's: antd's Table with its
 * pagination costs every area that shows a list about 70 KB gzip.
 */
export function ResponsiveTable<T extends object>(props: ResponsiveTableProps<T>) {
  const compact = useIsCompact();
  return compact ? <CardList<T> {...props} /> : <LightTable<T> {...props} />;
}
