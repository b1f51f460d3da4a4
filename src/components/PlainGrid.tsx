import type { CSSProperties, HTMLAttributes } from 'react';
import { breakpoints } from '../themes/breakpoints';

/** A screen size of the specification's breakpoints; `xs` is every width below `sm`. */
export type GridSize = 'xs' | keyof typeof breakpoints;

/** The columns at one size: a number of equal columns, or the columns' proportions ([1, 2]: a third and two thirds). */
export type GridColumns = number | readonly number[];

/** Props of {@link PlainGrid}. */
export interface PlainGridProps extends HTMLAttributes<HTMLDivElement> {
  /** The columns from each size up, until a larger size names its own (one column below the smallest named). */
  columns: Partial<Record<GridSize, GridColumns>>;
  /** Space between the cells in pixels: both ways, or [rows, columns]. */
  gap?: number | readonly [number, number];
}

const SIZES: readonly GridSize[] = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'];

const css = [
  '.panel-grid{display:grid;gap:var(--panel-grid-gap);grid-template-columns:var(--panel-grid-xs)}',
  ...SIZES.slice(1).map((size) => `@media (min-width:${breakpoints[size as keyof typeof breakpoints]}px){.panel-grid{grid-template-columns:var(--panel-grid-${size})}}`),
].join('\n');

/** The grid-template-columns of `columns`: tracks that never grow past their share for a long word. */
function tracksOf(columns: GridColumns): string {
  const shares = typeof columns === 'number' ? Array.from({ length: Math.max(1, Math.floor(columns)) }, () => 1) : columns;
  return shares.map((share) => `minmax(0,${share}fr)`).join(' ');
}

/**
 * Cells in responsive columns at the specification's breakpoints, as antd's Row and Col lay
 * them out. antd's Grid writes the styles of all 24 spans at every breakpoint into the page
 * (about 87 KB of CSS, generated and parsed on each load of a page that has one); this is one
 * small stylesheet and a CSS grid, each child a cell.
 */
export function PlainGrid({ columns, gap = 16, className, style, children, ...rest }: PlainGridProps) {
  const [rowGap, columnGap] = typeof gap === 'number' ? [gap, gap] : gap;
  const variables: Record<string, string> = { '--panel-grid-gap': `${rowGap}px ${columnGap}px` };
  let current: GridColumns = 1;
  for (const size of SIZES) {
    current = columns[size] ?? current;
    variables[`--panel-grid-${size}`] = tracksOf(current);
  }
  return (
    <div {...rest} className={['panel-grid', className].filter(Boolean).join(' ')} style={{ ...(variables as CSSProperties), ...style }}>
      <style href="panel-grid" precedence="default">
        {css}
      </style>
      {children}
    </div>
  );
}
