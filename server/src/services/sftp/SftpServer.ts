import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Server, utils, type AuthContext, type Connection } from 'ssh2';
import type { Database } from '../../db/client';
import type { RateLimiter } from '../../lib/rateLimiter';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import type { DiskQuota } from '../files/DiskQuota';
import { SftpAudit, type SftpAuditSubject } from './SftpAudit';
import { SftpGrant } from './SftpGrant';
import { passwordLogin, publicKeyLogin, type SftpIdentity, type SftpLoginResult } from './sftpLogin';
import { SftpSession } from './SftpSession';

/** How often open sessions are checked even when idle, so revoked access ends them promptly. */
const SWEEP_MS = 5_000;

export interface SftpServerDeps {
  db: Database;
  rateLimiter: RateLimiter;
  quota: DiskQuota;
  /** The file port of a server (the runtime's, whichever node runs it). */
  files(serverUuid: string): ServerFiles;
  hostKey: Buffer;
  log: FastifyBaseLogger;
}

interface LiveSession {
  grant: SftpGrant;
  connection: Connection;
}

/**
 * The panel's SFTP door: an SSH server that offers the SFTP subsystem only (no shell, no exec, no
 * forwarding). Each connection signs in as `<panel username>.<server identifier>` and works on
 * that server's files alone.
 */
export class SftpServer {
  private readonly ssh: Server;
  private readonly live = new Set<LiveSession>();
  private sweep: NodeJS.Timeout | null = null;

  constructor(private readonly deps: SftpServerDeps) {
    this.ssh = new Server({ hostKeys: [deps.hostKey], ident: 'GamePanel_SFTP' }, (connection, info) => this.accept(connection, info.ip));
    this.ssh.on('error', (error: Error) => deps.log.error({ err: error }, 'SFTP server error'));
  }

  /** Starts listening; answers the port (a free one for port 0). */
  async listen(port: number, host: string): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.ssh.once('error', reject);
      this.ssh.listen(port, host, () => {
        this.ssh.off('error', reject);
        resolve();
      });
    });
    this.sweep = setInterval(() => void this.checkAll(), SWEEP_MS);
    this.sweep.unref();
    return (this.ssh.address() as AddressInfo).port;
  }

  /** The port listened on, or null before listen. */
  get port(): number | null {
    const address = this.ssh.address() as AddressInfo | null;
    return address ? address.port : null;
  }

  /** Stops listening and ends every session (unfinished uploads are abandoned). */
  async close(): Promise<void> {
    if (this.sweep) clearInterval(this.sweep);
    for (const session of this.live) session.connection.end();
    if (this.port !== null) await new Promise<void>((resolve) => this.ssh.close(() => resolve()));
  }

  private async checkAll(): Promise<void> {
    for (const session of [...this.live]) {
      if (!(await session.grant.stillValid(true).catch(() => false))) session.connection.end();
    }
  }

  private accept(connection: Connection, ip: string): void {
    const { log } = this.deps;
    let identity: SftpIdentity | null = null;
    connection.on('error', (error) => log.debug({ err: error, ip }, 'SFTP connection error'));
    connection.on('authentication', (ctx) => {
      void this.authenticate(ctx, ip).then(
        (result) => {
          if (result.ok) {
            identity = result.identity;
            ctx.accept();
          } else {
            if (result.reason !== 'credentials' || ctx.method !== 'publickey') log.info({ ip, username: ctx.username, method: ctx.method, reason: result.reason }, 'SFTP sign-in refused');
            ctx.reject(['password', 'publickey']);
          }
        },
        (error) => {
          log.error({ err: error }, 'SFTP sign-in failed');
          ctx.reject(['password', 'publickey']);
        },
      );
    });
    connection.on('ready', () => {
      if (identity) this.open(connection, identity, ip);
    });
  }

  /** Password or key; every other method (none, keyboard-interactive, hostbased) is refused. */
  private async authenticate(ctx: AuthContext, ip: string): Promise<SftpLoginResult> {
    if (ctx.method === 'password') return passwordLogin(this.deps, ctx.username, ctx.password, ip);
    if (ctx.method === 'publickey') {
      const { key, signature, blob, hashAlgo } = ctx;
      const verify = signature && blob ? () => verifySignature(key, blob, signature, hashAlgo) : null;
      // A key offered without a signature only asks whether it would do: accepting then means "sign".
      return publicKeyLogin(this.deps.db, ctx.username, key.data, verify);
    }
    return { ok: false, reason: 'credentials' };
  }

  private open(connection: Connection, identity: SftpIdentity, ip: string): void {
    const { db, log } = this.deps;
    const grant = new SftpGrant(db, identity);
    const subject: SftpAuditSubject = { userId: identity.user.id, ip, serverUuid: identity.server.uuid };
    const audit = new SftpAudit(db, subject, (error) => log.error({ err: error }, 'SFTP audit entry not written'));
    const live: LiveSession = { grant, connection };
    this.live.add(live);
    void audit.login(identity.key ? { kind: 'publickey', fingerprint: identity.key.fingerprint } : { kind: 'password' }).catch((error) => log.error({ err: error }, 'SFTP audit entry not written'));
    const sessions: SftpSession[] = [];
    connection.on('session', (acceptSession) => {
      const session = acceptSession();
      session.on('sftp', (acceptSftp) => {
        const sftp = acceptSftp();
        // The client is done (OpenSSH's sftp sends EOF and waits): close the channel.
        sftp.on('end', () => sftp.end());
        const files = this.deps.files(identity.server.uuid);
        sessions.push(new SftpSession({ sftp, server: identity.server, files, quota: this.deps.quota, grant, audit, log, end: () => connection.end() }));
      });
      // Only the SFTP subsystem is offered.
      for (const kind of ['shell', 'exec', 'pty', 'subsystem', 'x11', 'env', 'auth-agent', 'signal'] as const) {
        session.on(kind as 'shell', (_accept, reject) => reject?.());
      }
    });
    connection.on('tcpip', (_accept, reject) => reject());
    connection.on('request', (_accept, reject) => reject?.());
    connection.on('close', () => {
      this.live.delete(live);
      void Promise.all(sessions.map((s) => s.dispose())).finally(() => audit.flush());
    });
  }
}

/** Checks a public-key sign-in's signature with the offered key. */
function verifySignature(key: { algo: string; data: Buffer }, blob: Buffer, signature: Buffer, hashAlgo: string | undefined): boolean {
  const parsed = utils.parseKey(key.data);
  if (parsed instanceof Error || Array.isArray(parsed)) return false;
  return parsed.verify(blob, signature, hashAlgo) === true;
}
