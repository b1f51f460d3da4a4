import { theme } from 'antd';
import type { CSSProperties } from 'react';

/**
 * Looks of antd's Table (header band, row lines, hover, selected rows, cell padding per size),
 * drawn from the theme's tokens through CSS variables set on the table's wrapper, so one static
 * stylesheet serves every theme.
 */
export const lightTableCss = `
.panel-table-scroll{overflow:auto;max-width:100%}
.panel-table-scroll:focus-visible{outline:2px solid var(--panel-table-focus);outline-offset:1px}
.panel-table{width:100%;border-collapse:separate;border-spacing:0;background:var(--panel-table-bg);color:var(--panel-table-text);
  font-size:var(--panel-table-font);border-radius:var(--panel-table-radius) var(--panel-table-radius) 0 0;text-align:start}
.panel-table th,.panel-table td{padding:var(--panel-table-pad);border-bottom:1px solid var(--panel-table-border);overflow-wrap:break-word;
  transition:background-color .2s}
.panel-table thead>tr>*{position:relative;background:var(--panel-table-head);color:var(--panel-table-head-text);font-weight:600;text-align:start}
.panel-table thead>tr>:first-child{border-start-start-radius:var(--panel-table-radius)}
.panel-table thead>tr>:last-child{border-start-end-radius:var(--panel-table-radius)}
.panel-table thead th:not(:last-child)::before{content:"";position:absolute;inset-inline-end:0;top:50%;width:1px;height:1.6em;
  transform:translateY(-50%);background:var(--panel-table-border)}
.panel-table-sticky thead th{position:sticky;top:0;z-index:1}
.panel-table tbody>tr:not(.panel-table-empty):not(.panel-table-expanded):not(.panel-table-spacer):hover>td{background:var(--panel-table-hover)}
.panel-table .panel-table-spacer>td{padding:0;border:0}
.panel-table-virtual td{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.panel-table-sort{all:unset;display:flex;align-items:center;gap:6px;width:100%;cursor:pointer;font-weight:inherit}
.panel-table-sort:focus-visible{outline:2px solid var(--panel-table-focus);outline-offset:2px;border-radius:2px}
/* The arrows are drawn, not read: the header says its order with aria-sort (the "/" gives them no text). */
.panel-table-sort::after{content:"\\2195";content:"\\2195"/"";margin-inline-start:auto;opacity:.35;font-size:.85em}
.panel-table th[aria-sort=ascending] .panel-table-sort::after{content:"\\25B2";content:"\\25B2"/"";opacity:.85;color:var(--panel-table-focus)}
.panel-table th[aria-sort=descending] .panel-table-sort::after{content:"\\25BC";content:"\\25BC"/"";opacity:.85;color:var(--panel-table-focus)}
.panel-table tbody>tr.panel-table-selected>td{background:var(--panel-table-selected)}
.panel-table tbody>tr.panel-table-selected:hover>td{background:var(--panel-table-selected-hover)}
.panel-table tr.panel-table-expanded>td{background:var(--panel-table-expanded-bg)}
.panel-table-empty>td{text-align:center;color:var(--panel-table-muted)}
.panel-table-ellipsis{overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.panel-table-fixed{table-layout:fixed}
.panel-table .panel-table-control{width:32px;text-align:center}
.panel-table-expand{position:relative;display:inline-block;width:17px;height:17px;padding:0;vertical-align:middle;cursor:pointer;
  color:inherit;background:var(--panel-table-bg);border:1px solid var(--panel-table-border);border-radius:4px}
.panel-table-expand:hover{border-color:var(--panel-table-focus)}
.panel-table-expand::before,.panel-table-expand::after{content:"";position:absolute;background:currentColor;transition:transform .3s}
.panel-table-expand::before{top:7px;inset-inline:3px;height:1px}
.panel-table-expand::after{inset-block:3px;left:7px;width:1px}
.panel-table-expand[aria-expanded=true]::after{transform:rotate(90deg)}
`;

/** Padding of every cell per table size, as antd's (large, middle, small). */
function padding(size: 'small' | 'middle' | 'large', token: ReturnType<typeof theme.useToken>['token']): string {
  if (size === 'small') return `${token.paddingXS}px ${token.paddingXS}px`;
  if (size === 'middle') return `${token.paddingSM}px ${token.paddingXS}px`;
  return `${token.padding}px ${token.padding}px`;
}

/** The CSS variables of {@link lightTableCss} for the current theme and the table's size. */
export function useLightTableVariables(size: 'small' | 'middle' | 'large'): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--panel-table-bg': token.colorBgContainer,
    '--panel-table-text': token.colorText,
    '--panel-table-muted': token.colorTextDescription,
    '--panel-table-font': `${token.fontSize}px`,
    '--panel-table-radius': `${token.borderRadiusLG}px`,
    '--panel-table-pad': padding(size, token),
    '--panel-table-border': token.colorBorderSecondary,
    '--panel-table-head': token.colorFillAlter,
    '--panel-table-head-text': token.colorTextHeading,
    '--panel-table-hover': token.colorFillAlter,
    '--panel-table-selected': token.controlItemBgActive,
    '--panel-table-selected-hover': token.controlItemBgActiveHover,
    '--panel-table-expanded-bg': token.colorFillAlter,
    '--panel-table-focus': token.colorPrimary,
  } as CSSProperties;
}
