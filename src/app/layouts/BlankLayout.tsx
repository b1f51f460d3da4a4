import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { RouteFallback } from '../../components/RouteFallback';
import { mainContentProps, SkipLink } from '../../components/SkipLink';
import { ThemeScope } from '../../themes/ThemeScope';
import { usePageTheme } from './usePageTheme';

/** A bare page in the panel's colours, for screens that only pass through (log out, social login). */
export function BlankLayout() {
  const theme = usePageTheme();
  return (
    <ThemeScope name={theme} global>
      <SkipLink />
      <main {...mainContentProps} style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: 'var(--panel-background)', color: 'var(--panel-input-text)', padding: 16 }}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </ThemeScope>
  );
}
