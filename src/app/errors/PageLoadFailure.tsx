import { useTranslation } from 'react-i18next';
import { useFirstFrameReplaced } from '../firstFrame/useFirstFrameReplaced';

/** Props of {@link PageLoadFailure}. */
export interface PageLoadFailureProps {
  /** The page's code could not be fetched (offline or after an update), rather than failing while running. */
  codeMissing: boolean;
  /** A newer version was found and the page is already reloading. */
  reloading: boolean;
  onReload: () => void;
}

/**
 * What a page that failed shows in place of its content: what happened and a Reload button.
 * Plain elements on purpose: it must work even when the component library's code is what failed.
 */
export function PageLoadFailure({ codeMissing, reloading, onReload }: PageLoadFailureProps) {
  const { t } = useTranslation();
  // Shown without a layout when the layout's own code failed: the first frame must not stay under it.
  useFirstFrameReplaced();
  const title = t('app.pageFailed.title', 'This page could not be loaded');
  return (
    <section role="alert" aria-label={title} style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 12, padding: '24px 0', maxWidth: 640 }}>
      <h2 style={{ margin: 0, fontSize: 22 }}>{title}</h2>
      <p style={{ margin: 0, opacity: 0.85 }}>
        {reloading
          ? t('app.pageFailed.updating', 'A new version of the panel is available. Loading it…')
          : codeMissing
            ? t('app.pageFailed.codeMissing', 'Part of the panel could not be downloaded. You may be offline, or the panel was just updated. Reload to try again.')
            : t('app.pageFailed.crashed', 'Something went wrong while showing this page. Reload to try again; if it happens again, report a problem.')}
      </p>
      {codeMissing && !reloading ? (
        <p style={{ margin: 0, opacity: 0.85 }}>{t('app.pageFailed.retryOnline', 'If you were offline, the page loads again by itself as soon as the connection is back.')}</p>
      ) : null}
      <button
        type="button"
        onClick={onReload}
        disabled={reloading}
        style={{
          padding: '6px 16px',
          borderRadius: 6,
          border: 0,
          cursor: 'pointer',
          fontSize: 14,
          background: 'var(--panel-primary, #1677ff)',
          color: '#fff',
        }}
      >
        {t('app.pageFailed.reload', 'Reload')}
      </button>
    </section>
  );
}
