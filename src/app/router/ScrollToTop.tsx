import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Scrolls the window to the top on every route change, before the new page paints. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
