import { backupsApi as generatedBackupsApi } from './generated/backups.gen';

/** Cache tag of a server's backup list (id: the server's id as in the address). */
const LIST = 'ServerBackups' as const;

const invalidateList = (_result: unknown, error: unknown, { id }: { id: string }) => (error ? [] : [{ type: LIST, id }]);

/**
 * The backups endpoints with a tag per server: every change refetches that server's list. The
 * one-time download link is a secret (its field `download_url` is redacted from recorded logs)
 * and never kept in the cache.
 */
export const backupsApi = generatedBackupsApi.enhanceEndpoints({
  addTagTypes: [LIST],
  endpoints: {
    listServerBackups: { providesTags: (_result, _error, { id }) => [{ type: LIST, id }] },
    getServerBackup: { providesTags: (_result, _error, { id }) => [{ type: LIST, id }] },
    createServerBackup: { invalidatesTags: invalidateList },
    deleteServerBackup: { invalidatesTags: invalidateList },
    lockServerBackup: { invalidatesTags: invalidateList },
    restoreServerBackup: { invalidatesTags: invalidateList },
    updateServerBackupSettings: { invalidatesTags: invalidateList },
    getServerBackupDownload: { invalidatesTags: [] },
  },
});

export const {
  useListServerBackupsQuery,
  useCreateServerBackupMutation,
  useDeleteServerBackupMutation,
  useLockServerBackupMutation,
  useRestoreServerBackupMutation,
  useUpdateServerBackupSettingsMutation,
  useGetServerBackupDownloadMutation,
} = backupsApi;

export type { Backup } from './generated/backups.gen';
