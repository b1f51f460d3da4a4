import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectLocale } from '../../core/locale/localeSlice';
import { DEFAULT_LOCALE } from '../../i18n/languages';
import { useAppSelector } from '../hooks';

/**
 * Whether pages may show: at once in English (its texts are in the code), in another language
 * once i18next speaks it, so no text appears in English first. The current user and the page's
 * code load meanwhile. Once open it stays open: a later change of language keeps the page.
 */
export function useTextsReady(): boolean {
  const { i18n } = useTranslation();
  const locale = useAppSelector(selectLocale);
  const [opened, setOpened] = useState(false);
  const ready = opened || locale === DEFAULT_LOCALE || i18n.language === locale;
  // Remembered during render, so the render that first sees the texts already shows the page.
  if (ready && !opened) setOpened(true);
  return ready;
}
