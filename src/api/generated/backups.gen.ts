import { baseApi as api } from "../baseApi";
export const addTagTypes = ["backups"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      downloadServerBackup: build.query<
        DownloadServerBackupApiResponse,
        DownloadServerBackupApiArg
      >({
        query: (queryArg) => ({ url: `/backups/download/${queryArg.token}` }),
        providesTags: ["backups"],
      }),
      updateServerBackupSettings: build.mutation<
        UpdateServerBackupSettingsApiResponse,
        UpdateServerBackupSettingsApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/backup-settings`,
          method: "PUT",
          body: queryArg.body,
        }),
        invalidatesTags: ["backups"],
      }),
      listServerBackups: build.query<
        ListServerBackupsApiResponse,
        ListServerBackupsApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/backups` }),
        providesTags: ["backups"],
      }),
      createServerBackup: build.mutation<
        CreateServerBackupApiResponse,
        CreateServerBackupApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/backups`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["backups"],
      }),
      deleteServerBackup: build.mutation<
        DeleteServerBackupApiResponse,
        DeleteServerBackupApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/backups/${queryArg.backup}`,
          method: "DELETE",
        }),
        invalidatesTags: ["backups"],
      }),
      getServerBackup: build.query<
        GetServerBackupApiResponse,
        GetServerBackupApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/backups/${queryArg.backup}`,
        }),
        providesTags: ["backups"],
      }),
      getServerBackupDownload: build.mutation<
        GetServerBackupDownloadApiResponse,
        GetServerBackupDownloadApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/backups/${queryArg.backup}/download`,
          method: "POST",
        }),
        invalidatesTags: ["backups"],
      }),
      lockServerBackup: build.mutation<
        LockServerBackupApiResponse,
        LockServerBackupApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/backups/${queryArg.backup}/lock`,
          method: "PUT",
          body: queryArg.body,
        }),
        invalidatesTags: ["backups"],
      }),
      restoreServerBackup: build.mutation<
        RestoreServerBackupApiResponse,
        RestoreServerBackupApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/backups/${queryArg.backup}/restore`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["backups"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as backupsApi };
export type DownloadServerBackupApiResponse = unknown;
export type DownloadServerBackupApiArg = {
  token: string;
};
export type UpdateServerBackupSettingsApiResponse =
  /** status 200 Default Response */ {
    data: {
      rotate: boolean;
    };
  };
export type UpdateServerBackupSettingsApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    rotate: boolean;
  };
};
export type ListServerBackupsApiResponse = /** status 200 Default Response */ {
  data: Backup[];
  meta: {
    /** The plan’s number of backups (failed ones do not count) */
    limit: number;
    /** Whether a new backup over the limit replaces the oldest unlocked one */
    rotate: boolean;
  };
};
export type ListServerBackupsApiArg = {
  /** Short id or uuid */
  id: string;
};
export type CreateServerBackupApiResponse = /** status 202 Default Response */ {
  data: Backup;
};
export type CreateServerBackupApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** Gitignore-style patterns, one a line (at most 4 KB) */
    ignored?: string;
    locked?: boolean;
    /** Defaults to "Backup <date>" */
    name?: string;
  };
};
export type DeleteServerBackupApiResponse = unknown;
export type DeleteServerBackupApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the backup */
  backup: string;
};
export type GetServerBackupApiResponse = /** status 200 Default Response */ {
  data: Backup;
};
export type GetServerBackupApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the backup */
  backup: string;
};
export type GetServerBackupDownloadApiResponse =
  /** status 200 Default Response */ {
    data: {
      /** Works once, without a bearer token, for 5 minutes (a secret: redacted from recorded action logs) */
      download_url: string;
      expires_at: string;
    };
  };
export type GetServerBackupDownloadApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the backup */
  backup: string;
};
export type LockServerBackupApiResponse = /** status 200 Default Response */ {
  data: Backup;
};
export type LockServerBackupApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the backup */
  backup: string;
  body: {
    locked: boolean;
  };
};
export type RestoreServerBackupApiResponse =
  /** status 200 Default Response */ {
    data: {
      bytes: number;
      files: number;
    };
  };
export type RestoreServerBackupApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the backup */
  backup: string;
  body: {
    /** Delete every current file first (default false: restored files replace their namesakes, others stay) */
    truncate?: boolean;
  };
};
export type Backup = {
  /** Size of the archive */
  bytes: number;
  /** SHA-256 of the archive (hex), once completed */
  checksum: string | null;
  completed_at: string | null;
  /** Sum of the archived files’ sizes */
  content_bytes: number;
  /** Why it failed */
  error: string | null;
  /** Number of files archived */
  files: number;
  /** Gitignore-style patterns of files left out, one a line */
  ignored: string;
  /** A locked backup can be neither deleted nor rotated away */
  locked: boolean;
  name: string;
  started_at: string;
  state: "running" | "completed" | "failed";
  storage: "local" | "s3";
  uuid: string;
};
export const {
  useDownloadServerBackupQuery,
  useLazyDownloadServerBackupQuery,
  useUpdateServerBackupSettingsMutation,
  useListServerBackupsQuery,
  useLazyListServerBackupsQuery,
  useCreateServerBackupMutation,
  useDeleteServerBackupMutation,
  useGetServerBackupQuery,
  useLazyGetServerBackupQuery,
  useGetServerBackupDownloadMutation,
  useLockServerBackupMutation,
  useRestoreServerBackupMutation,
} = injectedRtkApi;
