import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { allocations, nodes, plans, servers, serverSubdomains, type AllocationRow, type ServerRow, type ServerSubdomainRow } from '../../db/schema';
import { HttpError, notFound, upstreamFailed, ValidationError } from '../../lib/errors';
import { uniqueViolation } from '../../lib/uniqueViolation';
import { portIsFree } from '../servers/allocatePorts';
import type { RuntimeManager } from '../servers/RuntimeManager';
import { recordAudit, type Actor } from '../audit/audit';
import { DnsError, type DnsProvider } from './dns/DnsProvider';
import type { DnsConfig } from './dns/dnsConfig';
import { labelProblem, subdomainRecordSets } from './subdomainRecords';

/** A port of a server as the network page shows it. */
export interface PortView {
  id: number;
  ip: string;
  port: number;
  host: string;
  primary: boolean;
  /** What the game uses it for (query, rcon …); such ports come with the game and stay. */
  purpose: string | null;
  notes: string | null;
}

export interface NetworkView {
  host: string;
  ports: PortView[];
  extraPorts: { limit: number; used: number };
  subdomain: (ServerSubdomainRow & { address: string }) | null;
  zones: string[];
}

export interface NetworkServiceOptions {
  db: Database;
  runtime: RuntimeManager;
  dns?: { config: DnsConfig; provider: DnsProvider };
  /**
   * The host's run-time zone list: `current` the zones customers may pick now, `holding` runs a
   * claim with the list locked so no zone leaves it meanwhile. Absent: the configured zones.
   */
  zones?: ZoneList;
  log?: FastifyBaseLogger;
}

/** The host's zone list as the network service reads it (see NetworkServiceOptions.zones). */
export interface ZoneList {
  current(): Promise<string[]>;
  holding<T>(work: (zones: string[], tx: Database) => Promise<T>): Promise<T>;
}

const conflict = (message: string) => new HttpError(409, message);
/** The DNS service's own words (its address, nsupdate's output) go to the log, not to the customer. */
const dnsFailed = (error: unknown) =>
  error instanceof DnsError ? upstreamFailed('The name service could not be reached or refused the change. Nothing was changed; try again later.', error) : (error as Error);

/**
 * Ports and the subdomain of servers. Extra ports are claimed under a lock on the server's row,
 * so the plan's limit holds under parallel requests, and each port row is claimed with a
 * conditional write backed by unique indexes, so two servers never hold one port. DNS is written
 * before the database (or the row is rolled back), so a DNS failure leaves nothing half-done.
 */
export class NetworkService {
  constructor(private readonly options: NetworkServiceOptions) {}

  private get db(): Database {
    return this.options.db;
  }

  private async hostOf(server: ServerRow): Promise<string> {
    const [node] = await this.db.select({ publicHost: nodes.publicHost }).from(nodes).where(eq(nodes.id, server.nodeId));
    return node?.publicHost ?? '127.0.0.1';
  }

  private async fresh(server: ServerRow): Promise<ServerRow> {
    const [row] = await this.db.select().from(servers).where(eq(servers.id, server.id));
    if (!row) throw notFound('Server');
    return row;
  }

  private async portsOf(serverId: number): Promise<AllocationRow[]> {
    return this.db.select().from(allocations).where(eq(allocations.serverId, serverId)).orderBy(asc(allocations.id));
  }

  private async limitOf(server: ServerRow): Promise<number> {
    const [plan] = await this.db.select({ extraPorts: plans.extraPorts }).from(plans).where(eq(plans.id, server.planId));
    return plan?.extraPorts ?? 0;
  }

  /** The zones a subdomain may be picked under now (none without a name service). */
  private async zones(): Promise<string[]> {
    if (!this.options.dns) return [];
    return this.options.zones ? this.options.zones.current() : this.options.dns.config.zones;
  }

  /** Ports, the plan's extra-port limit, the subdomain and the zones to pick from. */
  async view(server: ServerRow): Promise<NetworkView> {
    const current = await this.fresh(server);
    const [host, ports, limit, subdomain, zones] = await Promise.all([this.hostOf(current), this.portsOf(current.id), this.limitOf(current), this.subdomainOf(current), this.zones()]);
    const views = ports.map((row) => toPortView(row, host, current.allocationId));
    return {
      host,
      ports: views,
      extraPorts: { limit, used: views.filter((p) => !p.primary && !p.purpose).length },
      subdomain: subdomain && { ...subdomain, address: `${subdomain.label}.${subdomain.zone}` },
      zones,
    };
  }

  async subdomainOf(server: ServerRow): Promise<ServerSubdomainRow | null> {
    const [row] = await this.db.select().from(serverSubdomains).where(eq(serverSubdomains.serverId, server.id));
    return row ?? null;
  }

  /** One port of this server (another server's id is not found). */
  private async findPort(server: ServerRow, id: number): Promise<AllocationRow> {
    const [row] = await this.db
      .select()
      .from(allocations)
      .where(and(eq(allocations.id, id), eq(allocations.serverId, server.id)));
    if (!row) throw notFound('Port');
    return row;
  }

  /** Adds a random free port of the node's range, within the plan's limit of extra ports. */
  async addPort(server: ServerRow, actor: Actor): Promise<PortView> {
    const limit = await this.limitOf(server);
    if (limit <= 0) throw conflict('The plan of this server includes no extra ports.');
    const [node] = await this.db.select().from(nodes).where(eq(nodes.id, server.nodeId));
    if (!node) throw conflict('The server has no node.');
    const claimed = await this.db
      .transaction(async (tx) => {
        await tx.execute(sql`select id from servers where id = ${server.id} for update`);
        const [row] = await tx.select().from(servers).where(eq(servers.id, server.id));
        const held = await tx.select().from(allocations).where(eq(allocations.serverId, server.id));
        const primary = held.find((a) => a.id === row.allocationId);
        const used = held.filter((a) => !a.purpose && a.id !== row.allocationId).length;
        if (used >= limit) throw conflict(`This server has reached its plan's limit of ${limit} extra ports. Remove one first.`);
        const ip = primary?.ip ?? held[0]?.ip ?? '0.0.0.0';
        const taken = new Set(
          (
            await tx
              .select({ port: allocations.port })
              .from(allocations)
              .where(and(eq(allocations.nodeId, node.id), isNotNull(allocations.serverId)))
          ).map((r) => r.port),
        );
        const size = node.portRangeEnd - node.portRangeStart + 1;
        const offset = Math.floor(Math.random() * size);
        for (let i = 0; i < size; i++) {
          const port = node.portRangeStart + ((offset + i) % size);
          if (taken.has(port) || !(await portIsFree(ip, port))) continue;
          await tx.insert(allocations).values({ nodeId: node.id, ip, port }).onConflictDoNothing();
          const [got] = await tx
            .update(allocations)
            .set({ serverId: server.id, purpose: null, notes: null })
            .where(and(eq(allocations.nodeId, node.id), eq(allocations.ip, ip), eq(allocations.port, port), isNull(allocations.serverId)))
            .returning();
          if (got) return got;
        }
        throw conflict(`No free ports left in ${node.portRangeStart}-${node.portRangeEnd} on this node.`);
      })
      .catch((error: unknown) => {
        if (uniqueViolation(error)) throw conflict('Another server took that port at the same moment; try again.');
        throw error;
      });
    await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.allocation.create', ip: actor.ip, properties: { port: claimed.port } });
    await this.followPorts(server);
    return toPortView(claimed, node.publicHost, null);
  }

  /** Changes a port's note (empty removes it). */
  async updateNotes(server: ServerRow, id: number, notes: string | null, actor: Actor): Promise<PortView> {
    const row = await this.findPort(server, id);
    const value = notes?.trim() ? notes.trim() : null;
    const [updated] = await this.db
      .update(allocations)
      .set({ notes: value })
      .where(and(eq(allocations.id, row.id), eq(allocations.serverId, server.id)))
      .returning();
    if (!updated) throw notFound('Port');
    await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.allocation.notes', ip: actor.ip, properties: { port: row.port, notes: value } });
    const current = await this.fresh(server);
    return toPortView(updated, await this.hostOf(current), current.allocationId);
  }

  /**
   * Makes an extra port the primary one; the old primary stays as an extra port. The game
   * listens on it from its next start; the subdomain's SRV record follows at once (written
   * before the change is stored, so a DNS failure changes nothing).
   */
  async makePrimary(server: ServerRow, id: number, actor: Actor): Promise<PortView> {
    const current = await this.fresh(server);
    const row = await this.findPort(current, id);
    const host = await this.hostOf(current);
    if (row.id === current.allocationId) return toPortView(row, host, current.allocationId);
    if (row.purpose) throw conflict(`The game uses this port for ${row.purpose}; it cannot be the primary port.`);
    const [old] = await this.db
      .select()
      .from(allocations)
      .where(eq(allocations.id, current.allocationId ?? -1));
    const subdomain = await this.subdomainOf(current);
    if (subdomain) await this.writeRecords(subdomain, host, row.port);
    try {
      await this.db.update(servers).set({ allocationId: row.id, updatedAt: new Date() }).where(eq(servers.id, current.id));
    } catch (error) {
      if (subdomain && old) await this.writeRecords(subdomain, host, old.port).catch(() => undefined);
      throw error;
    }
    await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.allocation.primary', ip: actor.ip, properties: { port: row.port, previous: old?.port ?? null } });
    if (this.options.runtime.state(server.uuid) !== 'offline') {
      await this.options.runtime.notice(server.uuid, `The primary port is now ${row.port}; it takes effect at the next start.`).catch(() => undefined);
    }
    await this.followPorts(server);
    return toPortView(row, host, row.id);
  }

  /** Points the server's subdomain at another address (a transfer to another node); false when it has none. */
  async pointSubdomain(server: ServerRow, host: string, port: number): Promise<boolean> {
    const subdomain = await this.subdomainOf(server);
    if (subdomain) await this.writeRecords(subdomain, host, port);
    return subdomain !== null;
  }

  /** Gives a port back to the node (never the primary one, nor one the game needs). */
  async removePort(server: ServerRow, id: number, actor: Actor): Promise<void> {
    const current = await this.fresh(server);
    const row = await this.findPort(current, id);
    if (row.id === current.allocationId) throw conflict('The primary port cannot be removed; make another port primary first.');
    if (row.purpose) throw conflict(`The game uses this port for ${row.purpose}; it cannot be removed.`);
    const [released] = await this.db
      .update(allocations)
      .set({ serverId: null, purpose: null, notes: null })
      .where(and(eq(allocations.id, row.id), eq(allocations.serverId, current.id)))
      .returning();
    if (!released) throw notFound('Port');
    await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.allocation.delete', ip: actor.ip, properties: { port: row.port } });
    await this.followPorts(server);
  }

  /** The running server's host-network allowance follows its ports (logged, never failing the change). */
  private async followPorts(server: ServerRow): Promise<void> {
    await this.options.runtime.portsChanged(await this.fresh(server)).catch((error: Error) => this.options.log?.warn({ err: error }, "could not update the server's allowed ports"));
  }

  private dns(): { config: DnsConfig; provider: DnsProvider } {
    if (!this.options.dns) throw conflict('The host has not set up DNS zones for subdomains.');
    return this.options.dns;
  }

  private async writeRecords(subdomain: { label: string; zone: string }, host: string, port: number | null): Promise<void> {
    const { config, provider } = this.dns();
    try {
      await provider.apply(subdomain.zone, subdomainRecordSets(subdomain.label, subdomain.zone, host, port), config.ttl);
    } catch (error) {
      throw dnsFailed(error);
    }
  }

  /**
   * Gives the server the name `<label>.<zone>` (replacing its previous one). The name is claimed
   * in the database first (unique per zone), then the records are written; if DNS fails the row
   * goes back to what it was and nothing else changed.
   */
  async setSubdomain(server: ServerRow, input: { label: string; zone: string }, actor: Actor): Promise<ServerSubdomainRow & { address: string }> {
    const label = input.label.trim().toLowerCase();
    const zone = input.zone.trim().toLowerCase().replace(/\.$/, '');
    const errors: Record<string, string[]> = {};
    const problem = labelProblem(label);
    if (problem) errors.label = [problem];
    if (!this.options.dns) throw conflict('The host has not set up DNS zones for subdomains.');
    const zones = await this.zones();
    if (!zones.includes(zone)) errors.zone = [`Choose one of: ${zones.join(', ')}`];
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const current = await this.fresh(server);
    const previous = await this.subdomainOf(current);
    if (previous && previous.label === label && previous.zone === zone) return { ...previous, address: `${label}.${zone}` };
    const [primary] = await this.db
      .select()
      .from(allocations)
      .where(eq(allocations.id, current.allocationId ?? -1));
    if (!primary) throw conflict('The server has no primary port.');
    const host = await this.hostOf(current);
    let row: ServerSubdomainRow;
    // The name is claimed with the zone list held: a zone removed meanwhile refuses it here.
    const claim = async (db: Database) =>
      previous
        ? db.update(serverSubdomains).set({ label, zone, updatedAt: new Date() }).where(eq(serverSubdomains.id, previous.id)).returning()
        : db.insert(serverSubdomains).values({ serverId: current.id, label, zone }).returning();
    const list = this.options.zones;
    try {
      [row] = list
        ? await list.holding(async (held, tx) => {
            if (!held.includes(zone)) throw new ValidationError({ zone: [`Choose one of: ${held.join(', ')}`] });
            return claim(tx);
          })
        : await claim(this.db);
    } catch (error) {
      if (uniqueViolation(error)?.includes('zone_label')) throw new ValidationError({ label: ['Another server already has this name'] });
      throw error;
    }
    const rollback = async () => {
      if (previous) await this.db.update(serverSubdomains).set({ label: previous.label, zone: previous.zone, updatedAt: previous.updatedAt }).where(eq(serverSubdomains.id, row.id));
      else await this.db.delete(serverSubdomains).where(eq(serverSubdomains.id, row.id));
    };
    try {
      await this.writeRecords({ label, zone }, host, primary.port);
    } catch (error) {
      await rollback();
      throw error;
    }
    if (previous) {
      try {
        await this.writeRecords(previous, host, null);
      } catch (error) {
        // The old name stays as it was: take the new records away again and restore the row.
        await this.writeRecords({ label, zone }, host, null).catch(() => undefined);
        await rollback();
        throw error;
      }
    }
    await recordAudit(this.db, {
      actorId: actor.userId,
      serverUuid: server.uuid,
      event: 'server.subdomain.set',
      ip: actor.ip,
      properties: { address: `${label}.${zone}`, previous: previous ? `${previous.label}.${previous.zone}` : null },
    });
    return { ...row, address: `${label}.${zone}` };
  }

  /** Removes the server's subdomain: its records first, then the row (nothing changes when DNS fails). */
  async removeSubdomain(server: ServerRow, actor: Actor | null): Promise<void> {
    const current = await this.fresh(server);
    const subdomain = await this.subdomainOf(current);
    if (!subdomain) {
      if (actor) throw notFound('Subdomain');
      return;
    }
    if (this.options.dns) await this.writeRecords(subdomain, await this.hostOf(current), null);
    await this.db.delete(serverSubdomains).where(eq(serverSubdomains.id, subdomain.id));
    await recordAudit(this.db, {
      actorId: actor?.userId ?? null,
      serverUuid: server.uuid,
      event: 'server.subdomain.delete',
      ip: actor?.ip ?? null,
      properties: { address: `${subdomain.label}.${subdomain.zone}` },
    });
  }
}

function toPortView(row: AllocationRow, host: string, primaryId: number | null): PortView {
  return { id: row.id, ip: row.ip, port: row.port, host, primary: row.id === primaryId, purpose: row.purpose, notes: row.notes };
}
