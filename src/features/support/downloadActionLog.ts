import type { ActionLogFile } from './actionLogFormat';
import { actionLogText } from './buildActionLog';

/** The file name of a downloaded log, e.g. panel-action-log-2025-01-31T10-20-30.json. */
export function actionLogFileName(file: ActionLogFile): string {
  return `panel-action-log-${file.exportedAt.slice(0, 19).replace(/:/g, '-')}.json`;
}

/** Saves the log as a JSON file through the browser's download. */
export function downloadActionLog(file: ActionLogFile): void {
  const url = URL.createObjectURL(new Blob([actionLogText(file)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = actionLogFileName(file);
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the address goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
