import { matchPath } from 'react-router-dom';
import { isHttpApiError } from '../../api/apiError';
import { baseApi } from '../../api/baseApi';
import { frozenListing } from '../../api/frozenListing';
import type { ListServerFilesApiArg, ListServerFilesApiResponse } from '../../api/generated/files.gen';
import { ROOT } from './filePaths';

/**
 * How a folder's listing asked for ahead of its page ended: the listing, a 403 (expected for a
 * shared user without file.read: the page shows its own notice) or any other failure (left to
 * the page's own request, which reports it as usual). Never an error of the query itself, so
 * nothing is notified from here.
 */
export type AheadListing = { outcome: 'listed'; listing: ListServerFilesApiResponse } | { outcome: 'forbidden' } | { outcome: 'failed' };

/**
 * Kept for a while without anyone using it: the panel asks for it at start-up, before the page
 * that takes it has its code, the current user and the server's details. Long enough for a slow
 * start, short enough that a later first visit of the folder does not get an old listing.
 */
const KEPT_FOR_THE_PAGE_SECONDS = 20;

/**
 * In the entry chunk (the files API and page are not): the files page's early listing takes its
 * answer from here (see earlyListing.ts), whether the request was started at start-up or by it.
 */
export const aheadListingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listServerFolderAhead: build.query<AheadListing, ListServerFilesApiArg>({
      async queryFn(arg, _api, _extraOptions, baseQuery) {
        const answer = await baseQuery({ url: `/servers/${arg.id}/files/list`, params: { directory: arg.directory } });
        if (answer.error) return { data: { outcome: isHttpApiError(answer.error) && answer.error.status === 403 ? 'forbidden' : 'failed' } };
        return { data: { outcome: 'listed', listing: frozenListing<ListServerFilesApiResponse>(answer.data) } };
      },
      keepUnusedDataFor: KEPT_FOR_THE_PAGE_SECONDS,
    }),
  }),
});

/**
 * The folder the files page at `pathname` + `search` lists first, or null when the address is not
 * a files page's folder (another page, a file in the editor, a search: those ask for other things).
 */
export function folderOpenedAt(pathname: string, search: string): ListServerFilesApiArg | null {
  const match = matchPath('/server/:id/files', pathname);
  const params = new URLSearchParams(search);
  if (!match?.params.id || params.has('file') || (params.get('search') ?? '') !== '') return null;
  return { id: match.params.id, directory: params.get('directory') ?? ROOT };
}
