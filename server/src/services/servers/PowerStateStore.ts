import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { servers } from '../../db/schema';
import type { PowerState } from '../../runtime/types';

/**
 * A server's power state as the database keeps it: the state the driver last reported (what the
 * pages show after a panel restart) and the desired state (whether the panel brings it back).
 */
export class PowerStateStore {
  private readonly writes = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /**
   * Saves a reported state without waiting. The writes of one server are chained, so the
   * database never ends on an older state; a failed write is logged, never thrown.
   */
  persist(uuid: string, state: PowerState): void {
    const previous = this.writes.get(uuid) ?? Promise.resolve();
    const next = previous
      .then(() => this.db.update(servers).set({ state }).where(eq(servers.uuid, uuid)))
      .catch((error: Error) => this.log.warn({ err: error, server: uuid }, 'could not save server state'));
    this.writes.set(uuid, next);
    // The chain's tail cleans up after itself; nothing waits for it but `settle`.
    void next.then(() => {
      if (this.writes.get(uuid) === next) this.writes.delete(uuid);
    });
  }

  /** Whether the panel keeps the server running (brought back after a restart or a crash). */
  async setDesired(id: number, desiredState: 'running' | 'stopped'): Promise<void> {
    await this.db.update(servers).set({ desiredState }).where(eq(servers.id, id));
  }

  /** Waits for every state write in flight (before the database closes). */
  async settle(): Promise<void> {
    await Promise.all([...this.writes.values()]);
  }
}
