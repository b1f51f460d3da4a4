import type { FileRow } from './fileRow';

/** The columns the list can be sorted by. */
export type SortColumn = 'name' | 'size' | 'modified_at';
export type SortDirection = 'ascend' | 'descend';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * A comparator for the table's sorter: folders always come before files, in both directions (the
 * table reverses the result for "descend", so the folder rule is reversed here to survive that); then
 * by the column, then by name. Names compare as people read them ("world2" before "world10").
 */
export function compareRows(column: SortColumn) {
  return (a: FileRow, b: FileRow, direction?: SortDirection | null): number => {
    const folders = Number(b.is_directory) - Number(a.is_directory);
    if (folders !== 0) return direction === 'descend' ? -folders : folders;
    if (column === 'size') return a.size - b.size || collator.compare(a.name, b.name);
    if (column === 'modified_at') return Date.parse(a.modified_at) - Date.parse(b.modified_at) || collator.compare(a.name, b.name);
    return collator.compare(a.name, b.name);
  };
}
