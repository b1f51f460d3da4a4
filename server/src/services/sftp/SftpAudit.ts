import type { Database } from '../../db/client';
import { recordAudit } from '../audit/audit';

/** How often a session's changes are written to the audit log (and when it closes). */
export const AUDIT_FLUSH_MS = 5_000;
/** Paths named in one entry; more are counted, not listed, so a modpack upload stays one readable row. */
const MAX_NAMED_FILES = 100;

/** What an SFTP session changes in a server's files, by kind. */
export type SftpChange = 'upload' | 'delete' | 'rename' | 'create-folder' | 'delete-folder' | 'chmod';

/** Who a session is: the account, its address and the server. */
export interface SftpAuditSubject {
  userId: number;
  ip: string;
  serverUuid: string;
}

/** Writes one SFTP audit entry; every event name is a literal at its call so the audit-sentence check can read it. */
async function recordSftpAudit(db: Database, subject: SftpAuditSubject, event: `server.sftp.${string}`, properties: Record<string, unknown>): Promise<void> {
  await recordAudit(db, { actorId: subject.userId, serverUuid: subject.serverUuid, event, ip: subject.ip, properties });
}

/**
 * The audit trail of one SFTP session: the sign-in at once, then the changed files batched, one
 * entry per kind of change every few seconds and at the end, instead of a row per write (a
 * client uploading a world sends thousands of requests).
 */
export class SftpAudit {
  private readonly pending = new Map<SftpChange, string[]>();
  private readonly counts = new Map<SftpChange, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly subject: SftpAuditSubject,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The session's sign-in: how it authenticated (password or the key's fingerprint). */
  async login(method: { kind: 'password' } | { kind: 'publickey'; fingerprint: string }): Promise<void> {
    const properties = method.kind === 'password' ? { method: 'password' } : { method: 'publickey', fingerprint: method.fingerprint };
    await recordSftpAudit(this.db, this.subject, 'server.sftp.login', properties);
  }

  /** Notes one changed path (a rename as `from → to`); written with the next flush. */
  change(kind: SftpChange, path: string): void {
    const names = this.pending.get(kind) ?? [];
    if (names.length < MAX_NAMED_FILES) names.push(path);
    this.pending.set(kind, names);
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    this.timer ??= setTimeout(() => void this.flush(), AUDIT_FLUSH_MS);
  }

  /** Writes what is pending now (also called when the session ends). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.pending].map(([kind, files]) => ({ kind, files, count: this.counts.get(kind) ?? files.length }));
    this.pending.clear();
    this.counts.clear();
    this.flushing = this.flushing.then(() => this.write(batch)).catch(this.onError);
    return this.flushing;
  }

  private async write(batch: Array<{ kind: SftpChange; files: string[]; count: number }>): Promise<void> {
    for (const { kind, files, count } of batch) {
      const properties = { files, count };
      if (kind === 'upload') await recordSftpAudit(this.db, this.subject, 'server.sftp.upload', properties);
      else if (kind === 'delete') await recordSftpAudit(this.db, this.subject, 'server.sftp.delete', properties);
      else if (kind === 'rename') await recordSftpAudit(this.db, this.subject, 'server.sftp.rename', properties);
      else if (kind === 'create-folder') await recordSftpAudit(this.db, this.subject, 'server.sftp.create-folder', properties);
      else if (kind === 'delete-folder') await recordSftpAudit(this.db, this.subject, 'server.sftp.delete-folder', properties);
      else await recordSftpAudit(this.db, this.subject, 'server.sftp.chmod', properties);
    }
  }
}
