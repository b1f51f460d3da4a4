import { getStoredToken } from '../../../api/accessToken';
import { apiBaseUrl } from '../../../api/baseQuery';
import type { ListAdminAuditApiArg } from '../../../api/generated/admin.gen';
import { saveBlob } from '../../../components/saveBlob';

/**
 * Downloads the admin audit log (with the page's filters) as CSV. A plain link would carry no
 * Authorization header, so the file is fetched with the bearer token and saved from a blob.
 */
export async function downloadAdminAuditCsv(filters: ListAdminAuditApiArg): Promise<void> {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
  const token = getStoredToken();
  const response = await fetch(`${apiBaseUrl}/admin/audit.csv?${query.toString()}`, {
    credentials: 'include',
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) throw new Error(response.statusText);
  saveBlob(await response.blob(), `admin-audit-${new Date().toISOString().slice(0, 10)}.csv`);
}
