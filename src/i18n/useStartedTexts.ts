import type { i18n as I18n } from 'i18next';
import { useCallback, useSyncExternalStore } from 'react';
import { englishDefaults } from './englishDefaults';
import { i18n as panelI18n } from './i18n';

/**
 * The i18next instance the panel renders with: the English texts in the code until the panel's
 * instance has started with the interface language's dictionary, then that instance.
 */
export function useStartedTexts(i18n: I18n = panelI18n): I18n {
  const subscribe = useCallback(
    (changed: () => void) => {
      i18n.on('initialized', changed);
      return () => i18n.off('initialized', changed);
    },
    [i18n],
  );
  const started = useSyncExternalStore(subscribe, () => i18n.isInitialized);
  return started ? i18n : englishDefaults;
}
