/** What kind of failure ended an install, told apart from its raw error text. */
export type InstallFailureKind = 'download' | 'disk' | 'step' | 'other';

const DOWNLOAD = /ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|ECONNREFUSED|ECONNRESET|ETIMEDOUT|fetch failed|socket hang up|certificate|HTTP [45]\d\d|download/i;
const DISK = /ENOSPC|EDQUOT|disk (space|limit)|no space left|quota/i;
const STEP = /exited with|exit code|killed by signal|command failed/i;

/** Classifies an install error: network and download failures first, then disk, then a failed step. */
export function installFailureKind(error: string | null | undefined): InstallFailureKind {
  const text = error ?? '';
  if (DISK.test(text)) return 'disk';
  if (DOWNLOAD.test(text)) return 'download';
  if (STEP.test(text)) return 'step';
  return 'other';
}
