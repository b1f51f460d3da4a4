import type { ActionLogFile } from './actionLogFormat';
import { actionLogText } from './buildActionLog';
import { saveBlob } from '../../components/saveBlob';

/** The file name of a downloaded log, e.g. panel-action-log-2025-01-31T10-20-30.json. */
export function actionLogFileName(file: ActionLogFile): string {
  return `panel-action-log-${file.exportedAt.slice(0, 19).replace(/:/g, '-')}.json`;
}

/** Saves the log as a JSON file through the browser's download. */
export function downloadActionLog(file: ActionLogFile): void {
  saveBlob(new Blob([actionLogText(file)], { type: 'application/json' }), actionLogFileName(file));
}
