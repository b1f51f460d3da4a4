import type { RuntimeDriver } from '../RuntimeDriver';
import type { EngineTls } from '../docker/dockerClient';

/** A node's engine as the runtime needs it: where it answers, with what certificates, and the address players use. */
export interface NodeEngine {
  id: number;
  name: string;
  dockerHost: string;
  tls: EngineTls | null;
  publicHost: string;
}

/** Whether the panel reaches a node's engine right now. */
export type NodeReachability = 'online' | 'offline';

/** The driver of one node and how to ask whether its engine answers. */
export interface NodeDriverHandle {
  driver: RuntimeDriver;
  /** Resolves when the engine answers its ping. */
  ping(): Promise<unknown>;
}

/** Builds the driver of one node (createRuntimeSetup gives the docker one, whose code it loads first). */
export type OpenNodeDriver = (engine: NodeEngine) => NodeDriverHandle | Promise<NodeDriverHandle>;

/** Rejects after `ms` when `work` has not settled: an engine behind a dropped route never answers. */
function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms.`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Two definitions of a node reach the same engine the same way (nothing to reopen). */
export function sameEngine(a: NodeEngine, b: NodeEngine): boolean {
  return a.dockerHost === b.dockerHost && a.publicHost === b.publicHost && JSON.stringify(a.tls) === JSON.stringify(b.tls);
}

/**
 * One node's driver with its reachability: opened at once when the engine answers, else offline
 * and opened again by a later check. A driver is only used once open (its network and firewall in
 * place); until then, and whenever a ping fails, the node counts as offline.
 */
export class NodeConnection {
  state: NodeReachability = 'offline';
  private opened = false;
  private checking: Promise<void> | null = null;
  private opening: Promise<void> | null = null;
  /** Whether the driver's first open was told (once per opening of the driver). */
  private announced = false;
  /** Why the last check failed, for the panel's log. */
  lastError: string | null = null;
  /** The engine stopped answering after the driver had opened: it is opened anew once it answers again. */
  private lost = false;

  constructor(
    readonly engine: NodeEngine,
    readonly handle: NodeDriverHandle,
    private readonly timeoutMs: number,
    private readonly listeners: { changed(connection: NodeConnection, state: NodeReachability): void; opened(connection: NodeConnection): void },
  ) {}

  get driver(): RuntimeDriver {
    return this.handle.driver;
  }

  /** Pings the engine (opening the driver the first time it answers) and records the outcome; never rejects. */
  check(): Promise<void> {
    this.checking ??= (async () => {
      try {
        if (this.opened) await this.pingTwice();
        if (this.opened && this.lost) {
          // Back after an outage: the engine may have restarted (its streams are gone, containers
          // may have died with it). The driver lets go of what it followed and opens again, and
          // its opening is told, so the panel adopts what still runs and starts what should.
          await this.driver.detachAll().catch(() => undefined);
          this.opened = false;
          this.announced = false;
        }
        if (!this.opened) {
          // An open that outlives its check goes on; the next check waits for the same one.
          this.opening ??= this.driver
            .open()
            .then(() => void (this.opened = true))
            .finally(() => (this.opening = null));
          await withTimeout(this.opening, this.timeoutMs * 3, `The engine of node ${this.engine.name}`);
        }
        this.lastError = null;
        this.lost = false;
        this.set('online');
        if (!this.announced) {
          this.announced = true;
          this.listeners.opened(this);
        }
      } catch (error) {
        this.lastError = (error as Error).message;
        if (this.opened) this.lost = true;
        this.set('offline');
      } finally {
        this.checking = null;
      }
    })();
    return this.checking;
  }

  /**
   * One unanswered ping on a busy engine or a loaded panel is not an outage: a second one follows
   * at once, and only two in a row mark the node offline (still well within the 30 s to notice).
   */
  private async pingTwice(): Promise<void> {
    const what = `The engine of node ${this.engine.name}`;
    try {
      await withTimeout(this.handle.ping(), this.timeoutMs, what);
    } catch {
      await withTimeout(this.handle.ping(), this.timeoutMs, what);
    }
  }

  private set(state: NodeReachability): void {
    if (this.state === state) return;
    this.state = state;
    this.listeners.changed(this, state);
  }

  /** Lets go of the node's servers without stopping them (a node removed, changed, or the panel closing). */
  async close(): Promise<void> {
    await this.checking;
    await this.opening?.catch(() => undefined);
    if (this.opened) await this.driver.detachAll().catch(() => undefined);
    this.opened = false;
    this.announced = false;
  }
}
