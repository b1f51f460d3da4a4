import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { formatDateTime, type DateTimeStyle } from '../../i18n/formatDateTime';
import { selectCurrentUser } from './sessionSlice';

/**
 * Formats dates and times in the user's language and clock (their account's time_format, 24
 * hours by default). Anything that is not a date is shown as it is.
 */
export function useDateTime(style: DateTimeStyle = 'dateTime'): (value: string | number | Date) => string {
  const { i18n } = useTranslation();
  const timeFormat = useAppSelector(selectCurrentUser)?.time_format;
  return useCallback((value) => formatDateTime(value, i18n.language, timeFormat, style), [i18n.language, timeFormat, style]);
}
