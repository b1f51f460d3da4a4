import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** Props of {@link RenderAfterContent}. */
export interface RenderAfterContentProps {
  children: ReactNode;
}

/**
 * Renders its children after the rest of the page, as a transition: React renders them in slices
 * between the browser's frames and sets them aside for any urgent update (a live sample, a click).
 * For the sections below a page's own content (forms, histories) whose antd components cost
 * hundreds of milliseconds on a slow phone: the page's content is painted without waiting for
 * them. They come after, below it, so nothing above moves.
 */
export function RenderAfterContent({ children }: RenderAfterContentProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? children : null;
}
