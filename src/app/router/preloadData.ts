import { aheadListingApi, folderOpenedAt } from '../../features/files/startUpListing';
import type { AppStore } from '../store';

/**
 * Asks for the data of the page the panel is opened on before anything renders, where waiting
 * for it would cost most: today the folder of a files page, which can hold thousands of entries.
 * Without it the request would leave only once the current user, the page's code and the
 * server's details are in. Only for a stored token (without one the visitor goes to log in).
 */
export function preloadData(dispatch: AppStore['dispatch'], location: { pathname: string; search: string }, hasStoredToken: boolean): void {
  if (!hasStoredToken) return;
  const folder = folderOpenedAt(location.pathname, location.search);
  // Not subscribed: the answer stays in the cache for a while, for the page to take it.
  if (folder) void dispatch(aheadListingApi.endpoints.listServerFolderAhead.initiate(folder, { subscribe: false }));
}
