import { useMemo } from 'react';
import { useStore } from 'react-redux';
import { env } from '../../env';
import type { ActionLogFile } from './actionLogFormat';
import { buildActionLog } from './buildActionLog';
import { readRecording } from './recorderMiddleware';

/** The action log as it would be exported now, built when the dialog opens or recording is turned on (null: not recording). */
export function useActionLog(recording: boolean): ActionLogFile | null {
  const store = useStore();
  return useMemo(() => {
    const log = recording ? readRecording(store.dispatch) : null;
    if (!log) return null;
    const browser = typeof navigator === 'undefined' ? '' : navigator.userAgent;
    return buildActionLog(log, store.getState() as Record<string, unknown>, { buildId: env.buildId, browser });
  }, [store, recording]);
}
