import type { FastifyInstance } from 'fastify';
import { BackupSchema } from '../../schemas/backups';
import { listBackupsRoute } from './list';
import { getBackupRoute } from './get';
import { createBackupRoute } from './create';
import { lockBackupRoute } from './lock';
import { deleteBackupRoute } from './delete';
import { restoreBackupRoute } from './restore';
import { backupSettingsRoute } from './settings';
import { backupDownloadLinkRoute, backupDownloadRoute } from './download';

/** Shared schema component `Backup`. */
export function addBackupSchemas(app: FastifyInstance): void {
  app.addSchema(BackupSchema);
}

/** Backups under /api/v2 (tag `backups`): /servers/{id}/backups/* and /backups/download/{token}. */
export async function backupRoutes(app: FastifyInstance): Promise<void> {
  await app.register(listBackupsRoute);
  await app.register(getBackupRoute);
  await app.register(createBackupRoute);
  await app.register(lockBackupRoute);
  await app.register(deleteBackupRoute);
  await app.register(restoreBackupRoute);
  await app.register(backupSettingsRoute);
  await app.register(backupDownloadLinkRoute);
  await app.register(backupDownloadRoute);
}
