import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeCron, type CronParts } from './cronDescription';
import { isCronLocaleReady, loadCronLocale } from './cronLocales';

/**
 * Describes cron fields in the user's language: null while cronstrue's words for it load (a
 * moment, once per language), so that a description never shows first in English. English, and a
 * language already loaded, are ready at once.
 */
export function useCronDescriber(): ((parts: CronParts) => string | null) | null {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [loaded, setLoaded] = useState<string | null>(null);
  const ready = loaded === language || isCronLocaleReady(language);
  useEffect(() => {
    if (ready) return;
    let current = true;
    void loadCronLocale(language).then(() => {
      if (current) setLoaded(language);
    });
    return () => {
      current = false;
    };
  }, [language, ready]);
  const describe = useCallback((parts: CronParts) => describeCron(parts, language), [language]);
  return ready ? describe : null;
}
