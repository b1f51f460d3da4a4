import type { BackupRow } from '../../db/schema';
import type { BackupJson } from '../../schemas/backups';

/** A backup row as the API shows it (never the download token's hash). */
export function backupView(row: BackupRow): BackupJson {
  return {
    uuid: row.uuid,
    name: row.name,
    ignored: row.ignored,
    locked: row.locked,
    state: row.state as BackupJson['state'],
    storage: row.storage as BackupJson['storage'],
    checksum: row.checksum,
    bytes: row.bytes,
    content_bytes: row.contentBytes,
    files: row.fileCount,
    error: row.error,
    started_at: row.startedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}
