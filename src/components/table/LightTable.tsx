import { Checkbox, Empty, Spin } from 'antd';
import { Fragment, useEffect, useRef, useState, type CSSProperties, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { lightTableCss, useLightTableVariables } from './lightTableStyle';
import { Pager } from './Pager';
import { selectionOf } from './selection';
import { LightTableHead } from './LightTableHead';
import { cell, cellClass, cellStyle, columnKey, emptyText, isLoading, rowKeyOf } from './tableCells';
import type { CardOptions, TableOptions } from './tableTypes';
import { usePaging } from './usePaging';
import { useRowWindow } from './useRowWindow';
import { useSortedRows } from './useSortedRows';

/** Inline size of the table for `scroll.x`: wider than its place, the wrapper scrolls sideways. */
function tableWidth(x: number | string | true | undefined): CSSProperties | undefined {
  if (x === undefined) return undefined;
  return { width: x === true ? 'max-content' : x, minWidth: '100%' };
}

/**
 * A plain, semantic table (thead and tbody, column headers) in the look of antd's Table, with
 * what the panel's lists use of it: selection with a "select all" box, expandable rows, paging,
 * row events, sideways scrolling for wide content, an empty text, columns sorted from their
 * header's button (aria-sort says the order), and windowed rows for lists of thousands (`virtual`).
 */
export function LightTable<T extends object>(props: TableOptions<T> & Pick<CardOptions<T>, 'rowLabel'>) {
  const { rowLabel, columns = [], dataSource = [], loading, pagination, rowSelection, expandable, onRow, locale, rowKey, scroll, size = 'large', className, style, virtual = false } = props;
  const { t } = useTranslation();
  const variables = useLightTableVariables(size);
  const sorting = useSortedRows(columns, dataSource);
  const paging = usePaging(pagination, sorting.rows);
  const selection = selectionOf(props);
  const [expanded, setExpanded] = useState<ReadonlySet<Key>>(new Set());
  const region = useRef<HTMLDivElement>(null);
  const busy = isLoading(loading);
  const label = props['aria-label'];

  // A table wider than its place scrolls sideways: keyboard users must reach that scroll too.
  // Checked when the region or its table change size, after the browser's own layout: measuring
  // on every render would force a layout of the whole page each time, while it is still starting.
  useEffect(() => {
    const element = region.current;
    if (!element) return undefined;
    const check = () => {
      if (element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight) element.tabIndex = 0;
      else element.removeAttribute('tabindex');
    };
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);

  const keys = paging.rows.map((row, i) => rowKeyOf(row, paging.offset + i, rowKey));
  const rowWindow = useRowWindow(paging.rows.length, typeof scroll?.y === 'number' ? scroll.y : undefined, virtual);
  const shown = rowWindow.end - rowWindow.start < paging.rows.length ? paging.rows.slice(rowWindow.start, rowWindow.end) : paging.rows;
  const pageSelected = keys.filter((key) => selection.selected.has(key)).length;
  const someSelected = pageSelected > 0 && pageSelected < keys.length;
  const expandRender = virtual ? undefined : expandable?.expandedRowRender;
  const span = columns.length + (rowSelection ? 1 : 0) + (expandRender ? 1 : 0);
  const toggleExpanded = (key: Key) =>
    setExpanded((now) => {
      const next = new Set(now);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <Spin spinning={busy}>
      <style href="panel-table" precedence="default">
        {lightTableCss}
      </style>
      <div style={{ ...variables, ...style }} className={className}>
        <div ref={region} className="panel-table-scroll" style={scroll?.y !== undefined ? { maxHeight: scroll.y } : undefined} onScroll={rowWindow.onScroll}>
          <table
            className={[
              'panel-table',
              scroll?.y !== undefined ? 'panel-table-sticky' : '',
              virtual || columns.some((column) => column.ellipsis) ? 'panel-table-fixed' : '',
              virtual ? 'panel-table-virtual' : '',
            ]
              .join(' ')
              .trim()}
            style={tableWidth(scroll?.x)}
            aria-label={label}
            aria-busy={busy}
            // Windowed, the rows in the page are not all of them: the header row and every row count.
            aria-rowcount={virtual ? paging.rows.length + 1 : undefined}
          >
            <LightTableHead
              columns={columns}
              selectAll={
                rowSelection
                  ? {
                      checked: keys.length > 0 && pageSelected === keys.length,
                      indeterminate: someSelected,
                      disabled: keys.length === 0,
                      onChange: (checked) => selection.toggleAll(keys, checked),
                    }
                  : null
              }
              expandable={Boolean(expandRender)}
              sorting={sorting}
              virtual={virtual}
            />
            <tbody>
              {rowWindow.before > 0 ? <SpacerRow height={rowWindow.before} span={span} /> : null}
              {paging.rows.length === 0 ? (
                <tr className="panel-table-empty">
                  <td colSpan={span}>
                    <div role="status">{emptyText(locale) ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}</div>
                  </td>
                </tr>
              ) : (
                shown.map((row, i) => {
                  const index = paging.offset + rowWindow.start + i;
                  const key = keys[rowWindow.start + i];
                  const { className: rowClass, ...events } = onRow?.(row, index) ?? {};
                  const selected = selection.selected.has(key);
                  const canExpand = Boolean(expandRender) && (expandable?.rowExpandable?.(row) ?? true);
                  const open = canExpand && expanded.has(key);
                  return (
                    <Fragment key={key}>
                      <tr
                        {...events}
                        className={[rowClass, selected ? 'panel-table-selected' : ''].filter(Boolean).join(' ') || undefined}
                        aria-rowindex={virtual ? rowWindow.start + i + 2 : undefined}
                      >
                        {rowSelection ? (
                          <td className="panel-table-control">
                            <Checkbox
                              checked={selected}
                              onChange={(event) => selection.toggle(key, event.target.checked)}
                              aria-label={t('table.selectRow', 'Select {{name}}', { name: rowLabel(row) })}
                            />
                          </td>
                        ) : null}
                        {expandRender ? (
                          <td className="panel-table-control">
                            {canExpand ? (
                              <button
                                type="button"
                                className="panel-table-expand"
                                aria-expanded={open}
                                onClick={() => toggleExpanded(key)}
                                aria-label={t('table.expandRow', 'Details of {{name}}', { name: rowLabel(row) })}
                              />
                            ) : null}
                          </td>
                        ) : null}
                        {columns.map((column, place) => (
                          <td key={columnKey(column, place)} className={cellClass(column)} style={cellStyle(column)}>
                            {cell(row, column, index)}
                          </td>
                        ))}
                      </tr>
                      {open && expandRender ? (
                        <tr className="panel-table-expanded">
                          <td colSpan={span}>{expandRender(row, index, 0, true)}</td>
                        </tr>
                      ) : null}
                    </Fragment>
                  );
                })
              )}
              {rowWindow.after > 0 ? <SpacerRow height={rowWindow.after} span={span} /> : null}
            </tbody>
          </table>
        </div>
        {paging.pager ? <Pager current={paging.current} pageSize={paging.pageSize} total={paging.total} config={paging.pager} onChange={paging.goTo} /> : null}
      </div>
    </Spin>
  );
}

/** Stands for the rows of a windowed table that are not rendered, keeping the scrollbar true. */
function SpacerRow({ height, span }: { height: number; span: number }) {
  return (
    <tr className="panel-table-spacer" aria-hidden="true" style={{ height }}>
      <td colSpan={span} />
    </tr>
  );
}
