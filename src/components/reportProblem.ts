/** The window event that asks the app to open its "Report a problem" dialog. */
export const REPORT_PROBLEM_EVENT = 'panel:report-problem';

/**
 * Opens the "Report a problem" dialog from anywhere (a feature cannot import the support
 * feature that owns it; the support feature listens for this event).
 */
export function requestReportProblem(): void {
  window.dispatchEvent(new Event(REPORT_PROBLEM_EVENT));
}
