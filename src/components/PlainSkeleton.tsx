import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { usePanelToken } from '../themes/themeTokens';

/** Props of {@link PlainSkeleton}. */
export interface PlainSkeletonProps {
  /** Lines below the title bar, as antd Skeleton's paragraph rows (3). */
  rows?: number;
  style?: CSSProperties;
}

const css = `
.panel-skeleton{display:flex;flex-direction:column;gap:16px;padding-block:4px}
.panel-skeleton>span{display:block;height:16px;border-radius:4px;background:var(--panel-skeleton-bg)}
.panel-skeleton>span:first-child{width:38%;margin-bottom:8px}
.panel-skeleton>span:last-child:not(:first-child){width:61%}
.panel-skeleton>span{background-image:linear-gradient(90deg,transparent 25%,var(--panel-skeleton-shine) 37%,transparent 63%);
  background-size:400% 100%;animation:panel-skeleton 1.4s ease infinite}
@keyframes panel-skeleton{0%{background-position:100% 50%}100%{background-position:0 50%}}
@media (prefers-reduced-motion:reduce){.panel-skeleton>span{animation:none}}
`;

/**
 * A loading placeholder of a title bar and lines, drawn as antd's active Skeleton is (the theme's
 * fill colours, a moving shine). A page shows one for the moment before its data is there, on
 * nearly every load: antd's Skeleton generates about 10 KB of styles each time for it.
 */
export function PlainSkeleton({ rows = 3, style }: PlainSkeletonProps) {
  const { t } = useTranslation();
  const token = usePanelToken();
  const variables = { '--panel-skeleton-bg': token.colorFillContent, '--panel-skeleton-shine': token.colorFill } as CSSProperties;
  return (
    <div className="panel-skeleton" role="status" aria-busy="true" aria-label={t('app.loadingPage', 'Loading page')} style={{ ...variables, ...style }}>
      <style href="panel-skeleton" precedence="default">
        {css}
      </style>
      {Array.from({ length: rows + 1 }, (_, line) => (
        <span key={line} />
      ))}
    </div>
  );
}
