import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessibilityStyles } from './accessibilityStyles';

/** The id of each layout's main content, where "Skip to content" leads. */
export const mainContentId = 'main-content';

/** Props a layout puts on its main content element so the skip link can reach it. */
export const mainContentProps = { id: mainContentId, tabIndex: -1, className: 'panel-main' } as const;

/**
 * "Skip to content": the first focusable element of every layout, hidden until it has focus.
 * It moves focus itself rather than changing the address's hash, which the router would take
 * as a navigation. Also brings the panel's accessibility stylesheet (focus rings) with it.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(mainContentId);
    main?.focus();
    main?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <>
      <AccessibilityStyles />
      <a className="panel-skip-link" href={`#${mainContentId}`} onClick={skip}>
        {t('layout.skipToContent', 'Skip to content')}
      </a>
    </>
  );
}
