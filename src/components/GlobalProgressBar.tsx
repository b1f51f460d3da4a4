import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of {@link GlobalProgressBar}. */
export interface GlobalProgressBarProps {
  /** True while at least one request is running. */
  active: boolean;
}

const keyframes = '@keyframes panel-progress{0%{transform:translateX(-100%)}100%{transform:translateX(250%)}}';

const trackStyle: CSSProperties = {
  position: 'fixed',
  insetInline: 0,
  insetBlockStart: 0,
  height: 3,
  zIndex: 1200,
  overflow: 'hidden',
  pointerEvents: 'none',
};

const barStyle: CSSProperties = {
  width: '40%',
  height: '100%',
  background: 'var(--panel-gradient, #1677ff)',
  animation: 'panel-progress 1.1s ease-in-out infinite',
};

/** A thin indeterminate bar across the top of the page, shown while requests run. */
export function GlobalProgressBar({ active }: GlobalProgressBarProps) {
  const { t } = useTranslation();
  if (!active) return null;
  return (
    <div role="progressbar" aria-label={t('app.loading', 'Loading')} aria-busy="true" style={trackStyle}>
      <style>{keyframes}</style>
      <div style={barStyle} />
    </div>
  );
}
