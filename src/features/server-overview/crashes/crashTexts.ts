import type { TFunction } from 'i18next';
import type { ServerCrash } from '../../../api/crashes';

/** How the game ended: out of memory, over the disk limit, a signal or an exit code. */
export function crashCause(t: TFunction, crash: ServerCrash): string {
  if (crash.out_of_memory) return t('overview.crashes.outOfMemory', 'Out of memory');
  if (crash.reason === 'disk') return t('overview.crashes.overDisk', 'Stopped for its disk use');
  if (crash.signal) return t('overview.crashes.signal', 'Killed by signal {{signal}}', { signal: crash.signal });
  if (crash.exit_code !== null) return t('overview.crashes.exitCode', 'Exit code {{code}}', { code: crash.exit_code });
  return t('overview.crashes.unknownExit', 'Unknown exit status');
}

/** What the panel did after the crash. */
export function crashOutcome(t: TFunction, crash: ServerCrash): string {
  switch (crash.outcome) {
    case 'restarting':
      return t('overview.crashes.outcome.restarting', 'Restarted automatically (attempt {{attempt}} of {{max}})', { attempt: crash.restart_attempt ?? 1, max: crash.max_restarts ?? 1 });
    case 'gave_up':
      return t('overview.crashes.outcome.gaveUp', 'Gave up: it crashed too often, so it stays stopped');
    case 'restart_off':
      return t('overview.crashes.outcome.restartOff', 'Not restarted: automatic restarts are off');
    case 'limit':
      return t('overview.crashes.outcome.limit', 'Not restarted: it would hit its plan’s limit again');
    default:
      return t('overview.crashes.outcome.notRunning', 'Not restarted: the server was not meant to run');
  }
}

/** The tag colour of an outcome: a restart is routine, giving up needs the customer. */
export function outcomeColor(crash: ServerCrash): string {
  if (crash.outcome === 'restarting') return 'blue';
  if (crash.outcome === 'gave_up') return 'red';
  return 'orange';
}
