import { Suspense, useState, type ReactNode } from 'react';

/** Props of {@link OnceOpened}. */
export interface OnceOpenedProps {
  open: boolean;
  children: ReactNode;
}

/**
 * Renders a dialog from the first time it opens on. With the dialog's component lazy, its code
 * (antd's Modal and Form) loads on the first click instead of with the page, and then stays
 * mounted, so closing keeps its animation.
 */
export function OnceOpened({ open, children }: OnceOpenedProps) {
  const [opened, setOpened] = useState(open);
  // Derived during render (React's pattern for state that follows a prop), so it shows at once.
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
