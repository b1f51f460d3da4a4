import type { ListAdminServersApiArg, ListAdminServersApiResponse } from '../../../api/generated/admin.gen';

/** A server as the admin list shows it. */
export type AdminServer = ListAdminServersApiResponse['data'][number];

/** The list's filters, as in the address (?owner=…&node=…). */
export type AdminServerFilters = ListAdminServersApiArg;

const FILTER_KEYS = ['search', 'owner', 'node', 'game', 'plan', 'state'] as const;

/** The filters from the address's query. */
export function filtersFromSearch(params: URLSearchParams): AdminServerFilters {
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters as AdminServerFilters;
}
