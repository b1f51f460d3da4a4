import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { servers, type ServerRow } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import type { RuntimeDriver } from '../../runtime/RuntimeDriver';
import type { InstallStatus, ServerEventHub } from '../../runtime/ServerEventHub';
import type { InstallStep, ServerSpec } from '../../runtime/types';

export interface ServerInstallsOptions {
  db: Database;
  driver: RuntimeDriver;
  events: ServerEventHub;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The driver spec of a server, from its rows. */
  specOf: (server: ServerRow) => Promise<ServerSpec>;
  /** Rewrites a template's install steps before they run (the catalogue puts its own verified downloads in). */
  resolveSteps: (steps: InstallStep[]) => Promise<InstallStep[]>;
  /** Starts a freshly installed server whose owner asked for it. */
  startAfterInstall: (server: ServerRow) => Promise<void>;
}

/** How one install runs. */
export interface InstallOptions {
  /** Start the server once installed (its owner asked for it). */
  startOnCompletion?: boolean;
  /**
   * Work that must be done before anything of the install runs (the backup before a reinstall),
   * while the server is already held as installing. When it fails the install does not run and
   * the server keeps its install status; the reason goes to the console.
   */
  before?: () => Promise<void>;
}

/**
 * Installs of servers: one at a time per server, in the background, the install state kept on the
 * server's row (install_failed with the real reason when a step fails) and sent to its console
 * sockets, each outcome audited.
 */
export class ServerInstalls {
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly options: ServerInstallsOptions) {}

  /**
   * Installs a server in the background (install_failed with the real reason when a step fails).
   * Resolves when the install has finished, whatever its outcome.
   */
  install(server: ServerRow, { startOnCompletion = false, before }: InstallOptions = {}): Promise<void> {
    const running = this.running.get(server.uuid);
    if (running) return running;
    // Started without waiting by the routes: a failure of the bookkeeping itself (the database
    // gone) is logged, never left as an unhandled rejection that would end the panel.
    const run = this.run(server, startOnCompletion, before)
      .catch((error: Error) => this.options.log.error({ err: error, server: server.uuid }, 'could not finish an install'))
      .finally(() => this.running.delete(server.uuid));
    this.running.set(server.uuid, run);
    return run;
  }

  /** The install in progress, if any (tests and the CLI wait for it). */
  waitFor(uuid: string): Promise<void> {
    return this.running.get(uuid) ?? Promise.resolve();
  }

  /** Waits for every install in progress, whatever its outcome. */
  async settle(): Promise<void> {
    await Promise.all([...this.running.values()].map((p) => p.catch(() => undefined)));
  }

  /**
   * Runs install steps of the panel's own on a stopped server (a software switch's installer),
   * where and how the template's steps run: in the server's sandbox, output on its console.
   */
  async runSteps(server: ServerRow, steps: InstallStep[]): Promise<void> {
    await this.options.driver.install({ ...(await this.options.specOf(server)), install: steps });
  }

  private async run(server: ServerRow, startOnCompletion: boolean, before?: () => Promise<void>): Promise<void> {
    const { db, driver } = this.options;
    const uuid = server.uuid;
    await this.setStatus(server.id, uuid, 'installing', null);
    try {
      await before?.();
    } catch (error) {
      await driver.notice(uuid, `The install did not run: ${(error as Error).message || String(error)}`).catch(() => undefined);
      await this.setStatus(server.id, uuid, server.installStatus as InstallStatus, server.installError);
      return;
    }
    try {
      const built = await this.options.specOf(server);
      await driver.create(built);
      // Steps resolved before the driver's install (a catalogue download) fail before it could say
      // so: the console says it here, as the driver does for its own steps.
      const install = await this.options.resolveSteps(built.install).catch(async (error: Error) => {
        await driver.notice(uuid, `Installation failed: ${error.message || String(error)}`).catch(() => undefined);
        throw error;
      });
      await driver.install({ ...built, install });
      await this.setStatus(server.id, uuid, 'installed', null);
      await recordAudit(db, { actorId: null, serverUuid: uuid, event: 'server.installed', ip: null });
    } catch (error) {
      const message = (error as Error).message || String(error);
      await this.setStatus(server.id, uuid, 'install_failed', message);
      await recordAudit(db, { actorId: null, serverUuid: uuid, event: 'server.install-failed', ip: null, properties: { reason: message } });
      return;
    }
    const [fresh] = await db.select().from(servers).where(eq(servers.id, server.id));
    if (startOnCompletion && fresh && !fresh.suspended) await this.options.startAfterInstall(fresh);
  }

  private async setStatus(id: number, uuid: string, status: InstallStatus, error: string | null): Promise<void> {
    await this.options.db
      .update(servers)
      .set({ installStatus: status, installError: error, updatedAt: new Date(), ...(status === 'installed' ? { installedAt: new Date() } : {}) })
      .where(eq(servers.id, id));
    this.options.events.publish(uuid, { type: 'install', status, error });
  }
}
