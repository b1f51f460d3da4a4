import { Checkbox, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Pager } from './Pager';
import { selectionOf } from './selection';
import { cell, columnKey, columnTitle, emptyText, isLoading, rowKeyOf } from './tableCells';
import type { CardOptions, TableOptions } from './tableTypes';
import { usePaging } from './usePaging';

/** Rows per page of the card list when the table itself has no pagination (large folders stay light). */
export const CARD_PAGE_SIZE = 50;

const css = `
.panel-cards{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.panel-card-row{border:1px solid var(--panel-card-border);border-radius:8px;padding:12px;background:var(--panel-input-bg);min-width:0}
.panel-card-row header{display:flex;align-items:center;gap:8px;min-width:0;font-weight:600;overflow-wrap:anywhere}
.panel-card-row dl{display:grid;grid-template-columns:minmax(0,max-content) minmax(0,1fr);gap:4px 12px;margin:8px 0 0}
.panel-card-row dt{opacity:.85}
.panel-card-row dd{margin:0;min-width:0;overflow-wrap:anywhere}
.panel-card-row footer{margin-top:10px}
.panel-card-row details{margin-top:8px}
.panel-card-row summary{cursor:pointer}
`;

/**
 * A table's rows as a list of cards, for narrow windows: each row stacked as label–value pairs,
 * actions at its foot, so a phone never scrolls sideways to find them. Selection, expandable rows,
 * pagination and row events carry over; with no pagination the cards come in pages of
 * {@link CARD_PAGE_SIZE}.
 */
export function CardList<T extends object>(props: TableOptions<T> & CardOptions<T>) {
  const { rowLabel, titleColumn, actionsColumn = 'actions', columns = [], dataSource = [], loading, pagination, rowSelection, expandable, onRow, locale, rowKey } = props;
  const { t } = useTranslation();
  const paging = usePaging(pagination, dataSource, CARD_PAGE_SIZE);
  const title = columns.find((column) => column.key === titleColumn) ?? columns[0];
  const actions = columns.find((column) => column.key === actionsColumn && column !== title);
  const fields = columns.filter((column) => column !== title && column !== actions);
  const selection = selectionOf(props);
  const busy = isLoading(loading);

  return (
    <Spin spinning={busy}>
      <style href="panel-cards" precedence="default">
        {css}
      </style>
      {paging.rows.length === 0 ? (
        <div role="status">{emptyText(locale) ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}</div>
      ) : (
        <ul className="panel-cards" aria-label={props['aria-label']} aria-busy={busy}>
          {paging.rows.map((row, i) => {
            const index = paging.offset + i;
            const key = rowKeyOf(row, index, rowKey);
            const events = onRow?.(row, index) ?? {};
            const name = rowLabel(row);
            return (
              <li key={key} className="panel-card-row" aria-label={name} onContextMenu={events.onContextMenu} onDoubleClick={events.onDoubleClick}>
                <header>
                  {rowSelection ? (
                    <Checkbox checked={selection.selected.has(key)} onChange={(event) => selection.toggle(key, event.target.checked)} aria-label={t('table.selectRow', 'Select {{name}}', { name })} />
                  ) : null}
                  <div style={{ minWidth: 0, flex: 1 }}>{title ? cell(row, title, index) : name}</div>
                </header>
                {fields.length > 0 ? (
                  <dl>
                    {fields.map((column, place) => (
                      <div key={columnKey(column, place)} style={{ display: 'contents' }}>
                        <dt>{columnTitle(column)}</dt>
                        <dd>{cell(row, column, index)}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                {expandable?.expandedRowRender && (expandable.rowExpandable?.(row) ?? true) ? (
                  <details>
                    <summary>{t('table.showDetails', 'Details')}</summary>
                    {expandable.expandedRowRender(row, index, 0, true)}
                  </details>
                ) : null}
                {actions ? <footer>{cell(row, actions, index)}</footer> : null}
              </li>
            );
          })}
        </ul>
      )}
      {paging.pager ? <Pager current={paging.current} pageSize={paging.pageSize} total={paging.total} config={paging.pager} onChange={paging.goTo} /> : null}
    </Spin>
  );
}
