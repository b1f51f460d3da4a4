import { Table, type TableProps } from 'antd';
import { useEffect, useRef } from 'react';
import { CardList } from '../../../components/table/CardList';
import type { CardOptions, TableOptions } from '../../../components/table/tableTypes';
import { useIsCompact } from '../../../components/useIsCompact';

/**
 * The files list's table: antd's Table from the `lg` breakpoint up, for what only this list needs
 * (virtual rows for folders of thousands of entries, sortable columns), and the panel's card list
 * below it like every other list. The other areas use the lighter ResponsiveTable, so only the
 * files area loads antd's Table.
 */
export function AntdResponsiveTable<T extends object>(props: TableProps<T> & CardOptions<T>) {
  const { rowLabel, titleColumn, actionsColumn, ...tableProps } = props;
  const compact = useIsCompact();
  const wrapper = useRef<HTMLDivElement>(null);
  // A table wider than its place scrolls sideways: keyboard users must reach that scroll too.
  useEffect(() => {
    wrapper.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body').forEach((region) => {
      if (region.scrollWidth > region.clientWidth) region.tabIndex = 0;
    });
  });
  if (compact) {
    // The card list reads the fields both shapes share (antd's column type is wider in `dataIndex`).
    return <CardList<T> {...(tableProps as TableOptions<T>)} rowLabel={rowLabel} titleColumn={titleColumn} actionsColumn={actionsColumn} />;
  }
  return (
    <div ref={wrapper}>
      <Table<T> {...tableProps} />
    </div>
  );
}
