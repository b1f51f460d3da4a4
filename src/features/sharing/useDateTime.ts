import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/sharedState';

/**
 * A formatter for dates and times in the user's language and clock (12 or 24 hours, from their
 * account). Anything that is not a date is shown as it is.
 */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const hour12 = useAppSelector(selectCurrentUser)?.time_format === 12;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', hour12 });
  return (iso) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
}
