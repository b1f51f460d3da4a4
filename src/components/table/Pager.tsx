import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TablePaging } from './tableTypes';

/** Props of {@link Pager}. */
export interface PagerProps {
  current: number;
  pageSize: number;
  total: number;
  /** The table's pagination settings (total text, page sizes). */
  config: TablePaging;
  onChange: (page: number, pageSize: number) => void;
}

const css = `
.panel-pager{display:flex;flex-wrap:wrap;align-items:center;justify-content:flex-end;gap:8px 12px;margin-top:12px}
.panel-pager:dir(rtl) .anticon{transform:scaleX(-1)}
.panel-pager-page{min-width:7em;text-align:center;font-variant-numeric:tabular-nums}
.panel-pager select{height:24px;padding:0 4px;font:inherit;border-radius:4px;border:1px solid var(--panel-card-border);
  background:var(--panel-input-bg);color:inherit}
`;

/**
 * Previous and next buttons around "Page X of Y", with the table's total and, when asked, a choice
 * of page size. A few hundred bytes where antd's Pagination brought its Select along.
 */
export function Pager({ current, pageSize, total, config, onChange }: PagerProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (current - 1) * pageSize + 1;
  // The current size is always one of the choices, even when the owner's list lacks it.
  const sizes = [...new Set([...(config.pageSizeOptions ?? [10, 20, 50, 100]).map(Number), pageSize])].sort((a, b) => a - b);
  return (
    <nav className="panel-pager" aria-label={t('table.pager', 'Pages')}>
      <style href="panel-pager" precedence="default">
        {css}
      </style>
      {config.showTotal ? <span>{config.showTotal(total, [first, Math.min(total, current * pageSize)])}</span> : null}
      <Button size="small" icon={<LeftOutlined />} disabled={current <= 1} onClick={() => onChange(current - 1, pageSize)} aria-label={t('table.previousPage', 'Previous page')} />
      <span className="panel-pager-page" aria-live="polite">
        {t('table.pageOf', 'Page {{page}} of {{pages}}', { page: current, pages })}
      </span>
      <Button size="small" icon={<RightOutlined />} disabled={current >= pages} onClick={() => onChange(current + 1, pageSize)} aria-label={t('table.nextPage', 'Next page')} />
      {config.showSizeChanger ? (
        <span>
          <label htmlFor={sizeId}>{t('table.pageSize', 'Rows per page')}</label>{' '}
          <select id={sizeId} value={pageSize} onChange={(event) => onChange(1, Number(event.target.value))}>
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </span>
      ) : null}
    </nav>
  );
}
