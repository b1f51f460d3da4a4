import { baseApi as api } from "../baseApi";
export const addTagTypes = ["files"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      downloadServerFile: build.query<
        DownloadServerFileApiResponse,
        DownloadServerFileApiArg
      >({
        query: (queryArg) => ({
          url: `/files/download/${queryArg.token}`,
          params: {
            file: queryArg.file,
          },
        }),
        providesTags: ["files"],
      }),
      chmodServerFiles: build.mutation<
        ChmodServerFilesApiResponse,
        ChmodServerFilesApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/files/chmod`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["files"],
      }),
      compressServerFiles: build.mutation<
        CompressServerFilesApiResponse,
        CompressServerFilesApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/files/compress`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["files"],
      }),
      getServerFileContents: build.query<
        GetServerFileContentsApiResponse,
        GetServerFileContentsApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/files/contents`,
          params: {
            file: queryArg.file,
          },
        }),
        providesTags: ["files"],
      }),
      copyServerFile: build.mutation<
        CopyServerFileApiResponse,
        CopyServerFileApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/files/copy`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["files"],
      }),
      createServerFolder: build.mutation<
        CreateServerFolderApiResponse,
        CreateServerFolderApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/files/create-folder`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["files"],
      }),
      decompressServerFile: build.mutation<
        DecompressServerFileApiResponse,
        DecompressServerFileApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/files/decompress`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["files"],
      }),
      deleteServerFiles: build.mutation<
        DeleteServerFilesApiResponse,
        DeleteServerFilesApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/files/delete`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["files"],
      }),
      getServerFileDownload: build.query<
        GetServerFileDownloadApiResponse,
        GetServerFileDownloadApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/files/download`,
          params: {
            file: queryArg.file,
          },
        }),
        providesTags: ["files"],
      }),
      listServerFiles: build.query<
        ListServerFilesApiResponse,
        ListServerFilesApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/files/list`,
          params: {
            directory: queryArg.directory,
          },
        }),
        providesTags: ["files"],
      }),
      pullServerFile: build.mutation<
        PullServerFileApiResponse,
        PullServerFileApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/files/pull`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["files"],
      }),
      renameServerFiles: build.mutation<
        RenameServerFilesApiResponse,
        RenameServerFilesApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/files/rename`,
          method: "PUT",
          body: queryArg.body,
        }),
        invalidatesTags: ["files"],
      }),
      searchServerFiles: build.query<
        SearchServerFilesApiResponse,
        SearchServerFilesApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/files/search`,
          params: {
            directory: queryArg.directory,
            pattern: queryArg.pattern,
          },
        }),
        providesTags: ["files"],
      }),
      uploadServerFiles: build.mutation<
        UploadServerFilesApiResponse,
        UploadServerFilesApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/files/upload`,
          method: "POST",
          params: {
            directory: queryArg.directory,
          },
        }),
        invalidatesTags: ["files"],
      }),
      writeServerFile: build.mutation<
        WriteServerFileApiResponse,
        WriteServerFileApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/files/write`,
          method: "POST",
          body: queryArg.body,
          params: {
            file: queryArg.file,
          },
        }),
        invalidatesTags: ["files"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as filesApi };
export type DownloadServerFileApiResponse = unknown;
export type DownloadServerFileApiArg = {
  /** File from the server's root */
  file: string;
  token: string;
};
export type ChmodServerFilesApiResponse = unknown;
export type ChmodServerFilesApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    files: {
      /** Name */
      file: string;
      /** Octal, e.g. 755 */
      mode: string;
    }[];
    /** Folder the names are relative to */
    root: string;
  };
};
export type CompressServerFilesApiResponse =
  /** status 200 Default Response */ {
    data: FileEntry;
  };
export type CompressServerFilesApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    files: string[];
    format: "zip" | "tar.gz";
    /** Folder the names are relative to; the archive is created there */
    root: string;
  };
};
export type GetServerFileContentsApiResponse = unknown;
export type GetServerFileContentsApiArg = {
  /** File from the server's root */
  file: string;
  /** Short id or uuid */
  id: string;
};
export type CopyServerFileApiResponse = unknown;
export type CopyServerFileApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** File or folder to copy; the copy is placed beside it */
    location: string;
  };
};
export type CreateServerFolderApiResponse = unknown;
export type CreateServerFolderApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    name: string;
    /** Folder to create it in */
    root: string;
  };
};
export type DecompressServerFileApiResponse = unknown;
export type DecompressServerFileApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** Archive (zip, tar or tar.gz), relative to root */
    file: string;
    /** Folder to extract into */
    root: string;
  };
};
export type DeleteServerFilesApiResponse = unknown;
export type DeleteServerFilesApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    files: string[];
    /** Folder the names are relative to */
    root: string;
  };
};
export type GetServerFileDownloadApiResponse =
  /** status 200 Default Response */ {
    data: {
      expires_at: string;
      /** Signed URL under /api/v2/files/download/ (no bearer token needed) */
      url: string;
    };
  };
export type GetServerFileDownloadApiArg = {
  /** File from the server's root */
  file: string;
  /** Short id or uuid */
  id: string;
};
export type ListServerFilesApiResponse = /** status 200 Default Response */ {
  data: FileEntry[];
};
export type ListServerFilesApiArg = {
  /** Folder from the server's root ('/' = root) */
  directory: string;
  /** Short id or uuid */
  id: string;
};
export type PullServerFileApiResponse = unknown;
export type PullServerFileApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** Folder to save into */
    directory: string;
    /** Name to save as; default: from the URL or Content-Disposition */
    filename?: string;
    /** http or https URL */
    url: string;
  };
};
export type RenameServerFilesApiResponse = unknown;
export type RenameServerFilesApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    files: {
      /** Current name */
      from: string;
      /** New name (may move into another folder) */
      to: string;
    }[];
    /** Folder the names are relative to */
    root: string;
  };
};
export type SearchServerFilesApiResponse = /** status 200 Default Response */ {
  data: (FileEntry & {
    /** From the root, e.g. /plugins/config.yml */
    path: string;
  })[];
};
export type SearchServerFilesApiArg = {
  /** Folder searched, with its subfolders */
  directory: string;
  /** Part of the name (case-insensitive); * and ? as wildcards */
  pattern: string;
  /** Short id or uuid */
  id: string;
};
export type UploadServerFilesApiResponse = unknown;
export type UploadServerFilesApiArg = {
  /** Folder from the server's root ('/' = root) */
  directory: string;
  /** Short id or uuid */
  id: string;
};
export type WriteServerFileApiResponse = unknown;
export type WriteServerFileApiArg = {
  /** File from the server's root */
  file: string;
  /** Short id or uuid */
  id: string;
  /** The new content */
  body: string;
};
export type FileEntry = {
  created_at: string;
  is_directory: boolean;
  is_file: boolean;
  is_symlink: boolean;
  /** inode/directory for folders; application/octet-stream when unknown */
  mime: string;
  /** As ls shows it, e.g. -rw-r--r-- */
  mode: string;
  /** Octal permission bits, e.g. 644 */
  mode_bits: string;
  modified_at: string;
  name: string;
  /** Bytes (of the link itself for a symlink) */
  size: number;
};
export const {
  useDownloadServerFileQuery,
  useLazyDownloadServerFileQuery,
  useChmodServerFilesMutation,
  useCompressServerFilesMutation,
  useGetServerFileContentsQuery,
  useLazyGetServerFileContentsQuery,
  useCopyServerFileMutation,
  useCreateServerFolderMutation,
  useDecompressServerFileMutation,
  useDeleteServerFilesMutation,
  useGetServerFileDownloadQuery,
  useLazyGetServerFileDownloadQuery,
  useListServerFilesQuery,
  useLazyListServerFilesQuery,
  usePullServerFileMutation,
  useRenameServerFilesMutation,
  useSearchServerFilesQuery,
  useLazySearchServerFilesQuery,
  useUploadServerFilesMutation,
  useWriteServerFileMutation,
} = injectedRtkApi;
