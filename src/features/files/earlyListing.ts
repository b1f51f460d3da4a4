import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState } from 'react';
import { filesApi } from '../../api/files';
import type { ListServerFilesApiArg, ListServerFilesApiResponse } from '../../api/generated/files.gen';
import { useAppSelector } from '../../app/hooks';
import { aheadListingApi } from './startUpListing';

/** How the early request of a folder ended: its listing is in the cache, or the page asks again. */
export type EarlyListingOutcome = 'listed' | 'forbidden' | 'failed';

/**
 * The first listing of the files page, asked at once instead of after the server's details
 * (which carry the user's permissions): on a full page load that saves a whole round trip and
 * the render in between. When the panel was opened on this folder, the request left even earlier,
 * at start-up (see app/router/preloadData.ts), and its answer is taken from there: no second
 * request. The user's permissions are not known yet, so the answer may be a 403 for a user
 * without file.read: that answer is expected and stays silent (no error notification); the page
 * shows its own "no access" notice from the permissions. The listing itself goes to the cache of
 * `listServerFiles`, where the page reads it. Any other failure is left to the page's own
 * request, which reports it as usual.
 */
const earlyListingApi = filesApi.injectEndpoints({
  endpoints: (build) => ({
    openServerFolderEarly: build.query<EarlyListingOutcome, ListServerFilesApiArg>({
      async queryFn(arg, api) {
        // The answer asked for at start-up when there is one (arrived or on its way), else a new request.
        const ahead = await api.dispatch(aheadListingApi.endpoints.listServerFolderAhead.initiate(arg, { subscribe: false }));
        const answer = ahead.data ?? { outcome: 'failed' };
        if (answer.outcome !== 'listed') return { data: answer.outcome };
        // In the cache before this request counts as finished, so the page never asks a second time.
        await api.dispatch(filesApi.util.upsertQueryData('listServerFiles', arg, answer.listing));
        return { data: 'listed' };
      },
      // Only the first render needs it; later visits ask through listServerFiles as usual.
      keepUnusedDataFor: 0,
    }),
  }),
});

/**
 * Starts the early request of `directory` when the files page opens before the server's details
 * are known (`serverKnown` false: a full page load, or the first visit of this server), or when
 * the folder was asked for at start-up: the server's details, asked for at start-up too, often
 * arrive first, and the page must still take that answer rather than ask again. Returns whether
 * the page should wait for it rather than ask for that folder itself, and meanwhile the listing
 * the start-up request already brought: the page shows it in its first render, instead of one
 * render later, once this request has put it into the cache of `listServerFiles`.
 */
export function useEarlyListing(id: string, directory: string | null, serverKnown: boolean): { waiting: boolean; arrived?: ListServerFilesApiResponse } {
  // One selector per folder: a query's selector is memoised, but one made anew on each call answers a
  // new object every time, and the page would then render again on every action of the store.
  const selectAhead = useMemo(() => (directory === null ? null : aheadListingApi.endpoints.listServerFolderAhead.select({ id, directory })), [id, directory]);
  const ahead = useAppSelector((state) => selectAhead?.(state));
  const askedAtStartUp = ahead !== undefined && ahead.status !== 'uninitialized';
  // Decided once, on opening: later folders and later visits ask as usual.
  const [early] = useState<ListServerFilesApiArg | null>(() => (directory === null || (serverKnown && !askedAtStartUp) ? null : { id, directory }));
  const { isLoading } = earlyListingApi.useOpenServerFolderEarlyQuery(early ?? skipToken);
  const waiting = isLoading && early !== null && early.id === id && early.directory === directory;
  return { waiting, arrived: waiting && ahead?.data?.outcome === 'listed' ? ahead.data.listing : undefined };
}
