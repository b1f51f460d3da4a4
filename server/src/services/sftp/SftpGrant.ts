import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sshKeys, users } from '../../db/schema';
import type { PermissionKey } from '../../schemas/permissions';
import { accessAllows, type ServerAccess } from '../permissions/serverAccess';
import { sftpTarget, type SftpIdentity } from './sftpLogin';

/** How long a check of the session's access is trusted before the next operation checks again. */
const RECHECK_MS = 1_000;

/**
 * What a signed-in SFTP session may still do. Checked again (at most once a second) before
 * operations and by the server's sweep: the session ends as soon as the account is suspended, its
 * password changes, the key that signed in is removed, the server is suspended, or the user's
 * share (or its file.sftp) is taken away. Each operation also needs its own file permission,
 * read from the access as it is now.
 */
export class SftpGrant {
  private access: ServerAccess;
  private checkedAt = Date.now();
  private revoked = false;
  private pending: Promise<boolean> | null = null;

  constructor(
    private readonly db: Database,
    private readonly identity: SftpIdentity,
  ) {
    this.access = identity.access;
  }

  /** Whether the session holds `key` (as last checked). */
  allows(key: PermissionKey): boolean {
    return !this.revoked && accessAllows(this.access, key);
  }

  /** Whether the session may go on; checks the database when the last check is over a second old. */
  async stillValid(force = false): Promise<boolean> {
    if (this.revoked) return false;
    if (!force && Date.now() - this.checkedAt < RECHECK_MS) return true;
    this.pending ??= this.check().finally(() => (this.pending = null));
    return this.pending;
  }

  private async check(): Promise<boolean> {
    const { user, server, key } = this.identity;
    const [now] = await this.db.select().from(users).where(eq(users.id, user.id));
    let valid = Boolean(now) && now.passwordHash === user.passwordHash;
    if (valid && key) valid = (await this.db.select({ id: sshKeys.id }).from(sshKeys).where(eq(sshKeys.id, key.id))).length > 0;
    const target = valid ? await sftpTarget(this.db, now, server.shortId) : null;
    if (!target || typeof target === 'string') {
      this.revoked = true;
      return false;
    }
    this.access = target.access;
    this.checkedAt = Date.now();
    return true;
  }
}
