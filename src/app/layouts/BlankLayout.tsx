import { mainContentProps, SkipLink } from '../../components/SkipLink';
import { RoutedPage } from '../errors/RoutedPage';
import { AppThemeScope } from '../../core/theme/AppThemeScope';
import { useFirstFrameReplaced } from '../firstFrame/useFirstFrameReplaced';
import { usePageTheme } from './usePageTheme';

/** A bare page in the panel's colours, for screens that only pass through (log out, social login). */
export function BlankLayout() {
  const theme = usePageTheme();
  useFirstFrameReplaced();
  return (
    <AppThemeScope name={theme} global>
      <SkipLink />
      <main {...mainContentProps} style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: 'var(--panel-background)', color: 'var(--panel-input-text)', padding: 16 }}>
        <RoutedPage />
      </main>
    </AppThemeScope>
  );
}
