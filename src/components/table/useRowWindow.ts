import { useState, type UIEvent } from 'react';

/** Rows rendered above and below those in view, so that a quick scroll rarely shows blank space. */
const OVERSCAN = 10;
/** A row's height before one is measured (a small table's row with a small button). */
const ESTIMATED_ROW_PX = 40;

/** Which rows a windowed table renders, and the space its spacer rows keep for the others. */
export interface RowWindow {
  start: number;
  end: number;
  /** Heights in pixels of the spacer rows above and below the rendered rows. */
  before: number;
  after: number;
  onScroll: (event: UIEvent<HTMLElement>) => void;
}

/**
 * Windowing for a table of `count` rows in a scroll region `viewport` pixels high: only the rows
 * in view plus a margin are rendered, and spacer rows stand for the others so the scrollbar keeps
 * its size and place. Rows are taken to be of one height (the windowed table keeps each row to one
 * line), measured on a rendered row at each scroll: until then an estimate stands, which only sizes
 * the spacers. With `enabled` false, every row is rendered.
 */
export function useRowWindow(count: number, viewport: number | undefined, enabled: boolean): RowWindow {
  const [{ firstInView, rowHeight }, setScrolled] = useState({ firstInView: 0, rowHeight: ESTIMATED_ROW_PX });
  const windowed = enabled && viewport !== undefined;

  if (!windowed) return { start: 0, end: count, before: 0, after: 0, onScroll: () => undefined };
  const inView = Math.ceil(viewport / rowHeight);
  // A list that shrank under a scrolled region (another folder, a deletion) shows its last rows.
  const first = Math.min(firstInView, Math.max(0, count - inView));
  const start = Math.max(0, first - OVERSCAN);
  const end = Math.min(count, first + inView + OVERSCAN);
  return {
    start,
    end,
    before: start * rowHeight,
    after: (count - end) * rowHeight,
    onScroll: (event) => {
      const region = event.currentTarget;
      const measured = region.querySelector('tbody > tr[aria-rowindex]')?.getBoundingClientRect().height || rowHeight;
      const next = { firstInView: Math.floor(region.scrollTop / measured), rowHeight: measured };
      // State changes only when another row reaches the top, not on every pixel scrolled.
      setScrolled((now) => (now.firstInView === next.firstInView && now.rowHeight === next.rowHeight ? now : next));
    },
  };
}
