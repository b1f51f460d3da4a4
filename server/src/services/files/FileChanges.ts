import type { Database } from '../../db/client';
import { recordAudit, type Actor } from '../audit/audit';

/** One change of a server's files: who made it, on which server, and what it was (`delete`, `upload`, …). */
export interface FileChange {
  actor: Actor;
  serverUuid: string;
  action: string;
}

/**
 * The audit trail of the file manager: each change of a server's files is recorded in the
 * server's audit log as `server.file.<action>`, with names and sizes, never the content of a file.
 */
export class FileChanges {
  constructor(private readonly options: { db: Database }) {}

  async record({ actor, serverUuid, action }: FileChange, properties: Record<string, unknown>): Promise<void> {
    await recordAudit(this.options.db, { actorId: actor.userId, serverUuid, event: `server.file.${action}`, ip: actor.ip, properties });
  }
}
