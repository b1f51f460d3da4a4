import { mainContentProps, SkipLink } from '../../components/SkipLink';
import { RoutedPage } from '../errors/RoutedPage';
import { ThemeVariablesScope } from '../../themes/ThemeVariablesScope';
import { useFirstFrameReplaced } from '../firstFrame/useFirstFrameReplaced';
import { PanelBrand } from './PanelBrand';
import { usePageTheme } from './usePageTheme';

/**
 * The layout of the log-in and sign-up pages: a single column over the game art. Built from plain
 * elements on purpose, without antd: it is part of the first thing a visitor loads.
 */
export function GuestLayout() {
  const theme = usePageTheme();
  useFirstFrameReplaced();
  return (
    <ThemeVariablesScope name={theme} global>
      <SkipLink />
      <div
        style={{
          minHeight: '100vh',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 24,
          padding: '32px 16px',
          background: 'var(--panel-background)',
          backgroundImage: 'var(--panel-nav-image)',
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          color: 'var(--panel-input-text)',
        }}
      >
        <PanelBrand />
        <main
          {...mainContentProps}
          style={{
            // border-box: on a phone the card's padding must not push it wider than the screen.
            width: 'min(420px, 100%)',
            boxSizing: 'border-box',
            padding: 'clamp(20px, 6vw, 32px)',
            borderRadius: 12,
            background: 'var(--panel-card-gradient)',
            backgroundColor: 'var(--panel-background)',
            border: '1px solid var(--panel-card-border)',
            boxShadow: 'var(--panel-card-shadow)',
          }}
        >
          <RoutedPage />
        </main>
      </div>
    </ThemeVariablesScope>
  );
}
