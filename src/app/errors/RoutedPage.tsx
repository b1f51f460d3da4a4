import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { RouteFallback } from '../../components/RouteFallback';
import { PageErrorBoundary } from './PageErrorBoundary';

/**
 * Where a layout shows its routed page: a busy marker while the page's code loads, and the page's
 * own failure (with Reload) when it cannot load or render, leaving the layout and its menu alone.
 */
export function RoutedPage() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}
