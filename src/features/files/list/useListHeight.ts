import { useEffect, useState } from 'react';

/** What the page keeps above and below the list (header, toolbar, breadcrumb, margins). */
const CHROME_PX = 330;
const MIN_PX = 320;

/**
 * The height of the file list in pixels: the window's height less the page around it. A virtual
 * table needs a number (it renders only the rows that fit), not a CSS length.
 */
export function useListHeight(): number {
  const measure = () => (typeof window === 'undefined' ? 600 : Math.max(MIN_PX, window.innerHeight - CHROME_PX));
  const [height, setHeight] = useState(measure);
  useEffect(() => {
    const onResize = () => setHeight(measure());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}
