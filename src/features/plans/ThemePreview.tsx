import { useTranslation } from 'react-i18next';
import { ThemeVariablesScope } from '../../themes/ThemeVariablesScope';
import type { ThemeName } from '../../themes/themeNames';

/** Props of {@link ThemePreview}. */
export interface ThemePreviewProps {
  theme: ThemeName;
  /** What the preview shows, for screen readers and the caption ("Minecraft, premium"). */
  label: string;
  /** Write the label on the picture too (off where the name stands beside it already). */
  caption?: boolean;
}

/**
 * A small picture of a theme as a server wears it: the game's art under the theme's gradient, a
 * card in its colours and its primary button, from the theme's own variables. Lets a customer see
 * a game's look before owning a server of it.
 */
export function ThemePreview({ theme, label, caption = true }: ThemePreviewProps) {
  const { t } = useTranslation();
  return (
    <ThemeVariablesScope name={theme}>
      <figure
        data-theme-preview={theme}
        aria-label={t('plans.preview.label', 'Look of {{what}}', { what: label })}
        style={{
          margin: 0,
          borderRadius: 10,
          overflow: 'hidden',
          aspectRatio: '16 / 9',
          position: 'relative',
          background: 'var(--panel-server-image)',
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          border: '1px solid var(--panel-card-border)',
          minWidth: 0,
        }}
      >
        <div
          aria-hidden="true"
          style={{
            position: 'absolute',
            insetInline: 12,
            bottom: 12,
            padding: 10,
            borderRadius: 8,
            background: 'var(--panel-card-gradient)',
            border: '1px solid var(--panel-card-border)',
            boxShadow: 'var(--panel-card-shadow)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 8,
          }}
        >
          <span style={{ display: 'flex', gap: 4 }}>
            <span style={{ width: 14, height: 14, borderRadius: 4, background: 'var(--panel-primary)' }} />
            <span style={{ width: 14, height: 14, borderRadius: 4, background: 'var(--panel-secondary)' }} />
          </span>
          <span style={{ padding: '2px 10px', borderRadius: 6, background: 'var(--panel-primary-solid)', color: '#fff', fontSize: 12 }}>{t('plans.preview.button', 'Start')}</span>
        </div>
        {caption && <figcaption style={{ position: 'absolute', top: 8, insetInlineStart: 10, color: '#fff', fontSize: 12, textShadow: '0 1px 3px rgba(0,0,0,.8)' }}>{label}</figcaption>}
      </figure>
    </ThemeVariablesScope>
  );
}
