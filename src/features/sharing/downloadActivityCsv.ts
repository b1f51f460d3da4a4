import { apiErrorMessage, type ApiErrorBody } from '../../api/apiError';
import { getStoredToken } from '../../api/accessToken';
import { apiBaseUrl } from '../../api/baseQuery';
import { activitySearch, type ActivityQuery } from './activityFilters';
import { saveBlob } from '../../components/saveBlob';

/** The file name the server suggests in Content-Disposition, if any. */
function suggestedName(disposition: string | null): string | null {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match ? decodeURIComponent(match[1]) : null;
}

/** Why an export failed: the HTTP status and the server's message when it sent one. */
export class ActivityExportError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ActivityExportError';
  }
}

/**
 * Downloads the server's audit log (with the page's filters) as a CSV file. A plain link would
 * carry no Authorization header, so the file is fetched with the bearer token and saved from a blob.
 */
export async function downloadActivityCsv(serverId: string, query: ActivityQuery): Promise<void> {
  const token = getStoredToken();
  const response = await fetch(`${apiBaseUrl}/servers/${encodeURIComponent(serverId)}/activity/export${activitySearch(query)}`, {
    credentials: 'include',
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new ActivityExportError(response.status, apiErrorMessage({ status: response.status, data }) ?? response.statusText);
  }
  saveBlob(await response.blob(), suggestedName(response.headers.get('Content-Disposition')) ?? `audit-log-${serverId}.csv`);
}
