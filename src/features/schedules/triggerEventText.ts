import { useTranslation } from 'react-i18next';
import type { Schedule } from '../../api/schedules';

/** An event a schedule may run on. */
export type TriggerEvent = NonNullable<Schedule['trigger_event']>;

/** The events in the order the form offers them. */
export const triggerEvents: readonly TriggerEvent[] = ['crash', 'start', 'empty', 'player_join', 'threshold'];

/** The words for each event a schedule may run on, in the user's language. */
export function useTriggerEventText(): (event: TriggerEvent) => string {
  const { t } = useTranslation();
  return (event) => {
    switch (event) {
      case 'crash':
        return t('tasks.trigger.crash', 'The server crashed');
      case 'start':
        return t('tasks.trigger.start', 'The server started');
      case 'empty':
        return t('tasks.trigger.empty', 'The server has been empty for some minutes');
      case 'player_join':
        return t('tasks.trigger.playerJoin', 'A player joined');
      case 'threshold':
        return t('tasks.trigger.threshold', 'A resource threshold was exceeded');
    }
  };
}
