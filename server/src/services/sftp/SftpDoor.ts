import type { FastifyBaseLogger } from 'fastify';
import type { SftpConfig } from '../../config/PanelConfig';
import type { Database } from '../../db/client';
import type { RateLimiter } from '../../lib/rateLimiter';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import type { DiskQuota } from '../files/DiskQuota';
import { sftpUsernameOf } from './sftpLogin';
import type { SftpServer } from './SftpServer';

export interface SftpDoorDeps {
  config: { host: string; dataDir: string; publicUrl?: string; sftp: SftpConfig };
  db: Database;
  rateLimiter: RateLimiter;
  quota: DiskQuota;
  files(serverUuid: string): ServerFiles;
  log: FastifyBaseLogger;
}

/**
 * The SSH server (ssh2 and the session code), loaded by the first start only: building an app for
 * the OpenAPI generator, the CLI or a test never opens SFTP, and ssh2 is some 30 modules.
 */
async function loadSshServer() {
  const [{ loadHostKey }, { SftpServer }] = await Promise.all([import('./hostKey'), import('./SftpServer')]);
  return { loadHostKey, SftpServer };
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

/**
 * The SFTP server as the panel runs it: started by `start()` (server.ts, with the panel; tests
 * start it on a free port), closed with the app, and the details a customer connects with.
 */
export class SftpDoor {
  private server: SftpServer | null = null;
  private listening: number | null = null;
  private loading: ReturnType<typeof loadSshServer> | null = null;

  constructor(private readonly deps: SftpDoorDeps) {}

  /** Listens on PANEL_SFTP_PORT (or `port`) on HOST; nothing when SFTP is off. Answers the port. */
  async start(port: number | 'off' = this.deps.config.sftp.port): Promise<number | null> {
    if (port === 'off' || this.server) return this.listening;
    this.loading ??= loadSshServer();
    const { loadHostKey, SftpServer } = await this.loading;
    // Started by another call meanwhile, or closed while loading (then it stays closed).
    if (this.server || this.loading === null) return this.listening;
    const { key, fingerprint } = loadHostKey(this.deps.config);
    this.server = new SftpServer({ ...this.deps, hostKey: key });
    this.listening = await this.server.listen(port, this.deps.config.host);
    this.deps.log.info({ port: this.listening, hostKey: fingerprint }, 'SFTP listening');
    return this.listening;
  }

  /** The port SFTP answers on, or null when it does not run. */
  get port(): number | null {
    return this.listening;
  }

  /**
   * Where a user reaches a server's files, or null when SFTP does not run. The host is
   * PANEL_SFTP_HOST, else PANEL_URL's host, else HOST unless it is a wildcard, else the host name
   * the browser used to reach the panel.
   */
  details(username: string, serverIdentifier: string, requestHostname: string): { host: string; port: number; username: string } | null {
    if (this.listening === null) return null;
    const { sftp, publicUrl, host } = this.deps.config;
    const fromUrl = publicUrl ? new URL(publicUrl).hostname : undefined;
    const publicHost = sftp.publicHost ?? fromUrl ?? (WILDCARD_HOSTS.has(host) ? requestHostname.replace(/:\d+$/, '') : host);
    return { host: publicHost, port: this.listening, username: sftpUsernameOf(username, serverIdentifier) };
  }

  async close(): Promise<void> {
    await this.loading?.catch(() => undefined);
    this.loading = null;
    await this.server?.close();
    this.server = null;
    this.listening = null;
  }
}
