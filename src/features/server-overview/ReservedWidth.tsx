import type { ReactNode } from 'react';

/**
 * Stacks its text over invisible copies of the widest texts the place will show, so that it is
 * always as wide as the widest: in a table with automatic column widths, a figure that changes
 * (the uptime, every sample) would otherwise move every column of the row. The copies are CSS
 * content (not in the document's text, hidden from assistive technology).
 */
const css = `
.panel-reserved-width{display:inline-grid}
.panel-reserved-width>*,.panel-reserved-width::before,.panel-reserved-width::after{grid-area:1/1}
.panel-reserved-width::before{content:attr(data-reserve-first);visibility:hidden}
.panel-reserved-width::after{content:attr(data-reserve-second);visibility:hidden}
`;

/** Props of {@link ReservedWidth}. */
export interface ReservedWidthProps {
  /** Up to two texts whose width the place keeps (e.g. the longest the figure can read). */
  reserve: readonly [string, string?];
  children: ReactNode;
}

/** Its children, never narrower than the widest of `reserve`. */
export function ReservedWidth({ reserve, children }: ReservedWidthProps) {
  return (
    <>
      <style href="panel-reserved-width" precedence="default">
        {css}
      </style>
      <span className="panel-reserved-width" data-reserve-first={reserve[0]} data-reserve-second={reserve[1] ?? ''}>
        <span>{children}</span>
      </span>
    </>
  );
}
