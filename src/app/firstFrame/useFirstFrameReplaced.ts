import { useLayoutEffect } from 'react';
import { removeFirstFrame } from './removeFirstFrame';

/** At most this long under the page before it goes, also where animation frames do not run (a hidden tab). */
const LAST_CALL_MS = 1000;

/**
 * Called by the layouts (and the page that replaces a layout that failed to load). The layout
 * paints over the first frame (the frame lies under the app until it goes, and every layout has
 * its own opaque background), and the frame goes two frames later. Taking it away in the same
 * commit would leave the browser no painted frame to time: a largest paint whose element is
 * already gone when the paint's time arrives is not counted, so the page's load would be timed
 * from the layout's paint instead of the frame's.
 */
export function useFirstFrameReplaced(): void {
  useLayoutEffect(() => {
    if (!document.getElementById('first-frame')) return;
    const last = window.setTimeout(removeFirstFrame, LAST_CALL_MS);
    const next = (callback: () => void) => (typeof window.requestAnimationFrame === 'function' ? window.requestAnimationFrame(callback) : window.setTimeout(callback, 16));
    next(() =>
      next(() => {
        window.clearTimeout(last);
        removeFirstFrame();
      }),
    );
  }, []);
}
