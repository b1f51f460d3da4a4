import { frozenListing } from './frozenListing';
import { filesApi as generatedFilesApi, type ListServerFilesApiResponse, type SearchServerFilesApiResponse } from './generated/files.gen';

/** Cache tag of every listing and search of one server's files (id: the server's id as in the address). */
const FILES = 'ServerFiles' as const;
/** Cache tag of one file's contents (id: `<server>:<path>`). */
const CONTENTS = 'ServerFileContents' as const;

const filesTag = (id: string) => [{ type: FILES, id }];

/**
 * The files endpoints with cache tags: every change to a server's files refetches the listings
 * and searches of that server on screen (only those in use; the others are dropped). File
 * contents arrive as text, not JSON; saving puts the saved text in the cache instead of reading
 * it back. Download links are single-use and short-lived, so they are never cached.
 */
export const filesApi = generatedFilesApi.enhanceEndpoints({
  addTagTypes: [FILES, CONTENTS],
  endpoints: {
    listServerFiles: { providesTags: (_result, _error, { id }) => filesTag(id), transformResponse: frozenListing<ListServerFilesApiResponse> },
    searchServerFiles: { providesTags: (_result, _error, { id }) => filesTag(id), keepUnusedDataFor: 0, transformResponse: frozenListing<SearchServerFilesApiResponse> },
    getServerFileContents: {
      query: ({ id, file }) => ({ url: `/servers/${id}/files/contents`, params: { file }, responseHandler: 'text' }),
      providesTags: (_result, _error, { id, file }) => [{ type: CONTENTS, id: `${id}:${file}` }],
      // The editor holds the text while it is open; an old copy must never be shown on reopening.
      keepUnusedDataFor: 0,
    },
    getServerFileDownload: { providesTags: [], keepUnusedDataFor: 0 },
    writeServerFile: {
      invalidatesTags: (_result, error, { id }) => (error ? [] : filesTag(id)),
      async onQueryStarted({ id, file, body }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(filesApi.util.upsertQueryData('getServerFileContents', { id, file }, body));
        } catch {
          // The editor keeps the unsaved text and says why the save failed.
        }
      },
    },
    createServerFolder: { invalidatesTags: (_result, _error, { id }) => filesTag(id) },
    renameServerFiles: { invalidatesTags: (_result, _error, { id }) => filesTag(id) },
    copyServerFile: { invalidatesTags: (_result, _error, { id }) => filesTag(id) },
    deleteServerFiles: { invalidatesTags: (_result, _error, { id }) => filesTag(id) },
    chmodServerFiles: { invalidatesTags: (_result, _error, { id }) => filesTag(id) },
    compressServerFiles: { invalidatesTags: (_result, _error, { id }) => filesTag(id) },
    decompressServerFile: { invalidatesTags: (_result, _error, { id }) => filesTag(id) },
    uploadServerFiles: { invalidatesTags: (_result, _error, { id }) => filesTag(id) },
    pullServerFile: { invalidatesTags: (_result, _error, { id }) => filesTag(id) },
  },
});

/** Marks every listing of a server's files stale (after uploads, which do not go through RTK Query). */
export const serverFilesChanged = (id: string) => filesApi.util.invalidateTags(filesTag(id));

export const {
  useListServerFilesQuery,
  useSearchServerFilesQuery,
  useGetServerFileContentsQuery,
  useLazyGetServerFileDownloadQuery,
  useWriteServerFileMutation,
  useCreateServerFolderMutation,
  useRenameServerFilesMutation,
  useCopyServerFileMutation,
  useDeleteServerFilesMutation,
  useChmodServerFilesMutation,
  useCompressServerFilesMutation,
  useDecompressServerFileMutation,
  usePullServerFileMutation,
} = filesApi;

/** One entry of a folder as the API lists it. */
export type FileEntry = import('./generated/files.gen').ListServerFilesApiResponse['data'][number];

/** A search hit: an entry with its path from the server's root. */
export type FileSearchHit = import('./generated/files.gen').SearchServerFilesApiResponse['data'][number];

/** The archive formats the API can create. */
export type ArchiveFormat = import('./generated/files.gen').CompressServerFilesApiArg['body']['format'];
