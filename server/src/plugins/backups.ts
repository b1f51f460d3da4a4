import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { BackupStorage } from '../services/backups/BackupStorage';
import { BackupService } from '../services/backups/BackupService';
import { LocalBackupStorage } from '../services/backups/LocalBackupStorage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Backups of servers' files (create, restore, limits, storage). */
    backups: BackupService;
  }
}

/**
 * The backup service on the configured storage: S3 when PANEL_BACKUP_S3_BUCKET is set, else
 * <data dir>/backups. On ready (before servers are started again), restores a crash interrupted
 * are finished or rolled back and this panel's unfinished backups are marked failed.
 */
export const backupsPlugin = fp(
  async (app) => {
    // The S3 client is loaded only when S3 is configured: it is a large library.
    const storage: BackupStorage = app.config.backupS3
      ? new (await import('../services/backups/S3BackupStorage')).S3BackupStorage(app.config.backupS3)
      : new LocalBackupStorage(join(app.config.dataDir, 'backups'));
    const service = new BackupService({ db: app.db, runtime: app.runtime, storage, dataDir: app.config.dataDir, log: app.log });
    app.decorate('backups', service);
    app.addHook('onReady', async () => {
      const recovered = await service.recover();
      if (recovered.failed + recovered.restores > 0) app.log.info(recovered, 'backups recovered after a restart');
    });
    app.addHook('onClose', async () => service.shutdown());
  },
  { name: 'backups', dependencies: ['runtime', 'database'] },
);
