import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { databaseHosts, plans, serverDatabases, type DatabaseHostRow, type ServerDatabaseRow, type ServerRow } from '../../db/schema';
import { HttpError, ValidationError, notFound } from '../../lib/errors';
import { FieldErrors } from '../../lib/fieldErrors';
import { openSecret, sealSecret } from '../../lib/secretBox';
import { uniqueViolation } from '../../lib/uniqueViolation';
import { recordAudit } from '../audit/audit';
import { CONNECTIONS_FROM_PATTERN, DATABASE_NAME_PATTERN, databaseNameFor, newDatabasePassword, newDatabaseUsername } from './credentials';
import { DATABASE_PASSWORD_PURPOSE, hostCredentials, hostForNode, nodeHasDatabaseHost, type DatabaseContext } from './databaseHosts';
import { DatabaseHostError, ER_DB_CREATE_EXISTS, grantDatabasePattern, openHostSession, quoteIdentifier, withHostSession, type HostSession } from './hostConnection';

/** Who does something, for the audit log. */
export interface DatabaseActor {
  userId: number | null;
  ip: string | null;
}

/** A customer's database with the host it lives on. */
export interface ServerDatabaseView {
  row: ServerDatabaseRow;
  host: DatabaseHostRow;
}

export interface CreateDatabaseInput {
  /** The customer's part of the name; the panel prefixes it with `s<server id>_`. */
  name: string;
  /** Where the user may connect from; '%' (anywhere) by default. */
  connectionsFrom?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const conflict = (message: string) => new HttpError(409, message);

/** How many databases a server has (the plans area checks it before a downgrade). */
export async function countServerDatabases(db: Database, serverId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(serverDatabases).where(eq(serverDatabases.serverId, serverId));
  return Number(row?.n ?? 0);
}

/** The plan's number of databases for this server. */
export async function databaseLimitOf(db: Database, server: ServerRow): Promise<number> {
  const [plan] = await db.select({ databases: plans.databases }).from(plans).where(eq(plans.id, server.planId));
  return plan?.databases ?? 0;
}

/** Whether the host's admin set up a database host for this server's node. */
export const databasesAvailable = (db: Database, server: ServerRow): Promise<boolean> => nodeHasDatabaseHost(db, server.nodeId);

/** The server's databases, oldest first. */
export async function listServerDatabases(db: Database, server: ServerRow): Promise<ServerDatabaseView[]> {
  return db
    .select({ row: serverDatabases, host: databaseHosts })
    .from(serverDatabases)
    .innerJoin(databaseHosts, eq(databaseHosts.id, serverDatabases.hostId))
    .where(eq(serverDatabases.serverId, server.id))
    .orderBy(asc(serverDatabases.createdAt), asc(serverDatabases.id));
}

/** One database of this server by uuid; another server's database is not found (404). */
export async function findServerDatabase(db: Database, server: ServerRow, uuid: string): Promise<ServerDatabaseView> {
  if (!UUID.test(uuid)) throw notFound('Database');
  const [found] = await db
    .select({ row: serverDatabases, host: databaseHosts })
    .from(serverDatabases)
    .innerJoin(databaseHosts, eq(databaseHosts.id, serverDatabases.hostId))
    .where(and(eq(serverDatabases.serverId, server.id), eq(serverDatabases.uuid, uuid)));
  if (!found) throw notFound('Database');
  return found;
}

/** The database user's password (for those holding database.view_password). */
export function databasePassword(context: DatabaseContext, view: ServerDatabaseView): string {
  return openSecret(context.config.secret, DATABASE_PASSWORD_PURPOSE, view.row.passwordSealed);
}

/** Checks the customer's fields (422 with each bad one). */
function checkCreateInput(input: CreateDatabaseInput): FieldErrors {
  const errors = new FieldErrors();
  if (typeof input.name !== 'string' || !new RegExp(DATABASE_NAME_PATTERN).test(input.name)) errors.add('name', 'Use 1 to 48 letters, digits or underscores.');
  const from = input.connectionsFrom ?? '%';
  if (typeof from !== 'string' || !new RegExp(CONNECTIONS_FROM_PATTERN).test(from)) errors.add('connections_from', 'Enter % (anywhere), an IP address, a host name or a pattern such as 192.168.1.%.');
  return errors;
}

/** Drops, on the host, what a failed creation made there (only what it made). */
async function undoOnHost(session: HostSession, made: { database: boolean; user: boolean }, name: string, username: string, remote: string): Promise<void> {
  if (made.user) await session.run('DROP USER IF EXISTS ?@?', [username, remote]);
  if (made.database) await session.run(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)}`);
}

/**
 * Creates a database and its user on the least used host of the server's node. The place within
 * the plan's limit is claimed first, with the server row locked, so parallel requests never
 * exceed it; then the host gets the database, the user and a grant on that database only. If
 * the host fails on the way, whatever this request made there is dropped again and the claim
 * is removed, so nothing half-created is left. Answers the database and its new password.
 */
export async function createServerDatabase(context: DatabaseContext, server: ServerRow, input: CreateDatabaseInput, actor: DatabaseActor): Promise<{ view: ServerDatabaseView; password: string }> {
  const errors = checkCreateInput(input);
  errors.throwIfAny();
  const { db } = context;
  const limit = await databaseLimitOf(db, server);
  if (limit <= 0) throw conflict('The plan of this server includes no databases.');
  const host = await hostForNode(db, server.nodeId);
  if (!host) throw conflict('The host has not set up databases for this server yet.');
  const name = databaseNameFor(server.id, input.name);
  const remote = input.connectionsFrom ?? '%';
  const username = newDatabaseUsername(server.id);
  const password = newDatabasePassword();

  let row: ServerDatabaseRow;
  try {
    row = await db.transaction(async (tx) => {
      await tx.execute(sql`select id from servers where id = ${server.id} for update`);
      const [{ n }] = await tx.select({ n: count() }).from(serverDatabases).where(eq(serverDatabases.serverId, server.id));
      if (Number(n) >= limit) throw conflict(`This server has reached its plan's limit of ${limit} database${limit === 1 ? '' : 's'}. Delete one first.`);
      const [inserted] = await tx
        .insert(serverDatabases)
        .values({ serverId: server.id, hostId: host.id, name, username, remote, passwordSealed: sealSecret(context.config.secret, DATABASE_PASSWORD_PURPOSE, password) })
        .returning();
      return inserted;
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint && /host_name_unique|\(host_id, name\)/.test(constraint)) throw new ValidationError({ name: ['This server already has a database with this name.'] });
    throw error;
  }

  const credentials = hostCredentials(context, host);
  const made = { database: false, user: false };
  try {
    await withHostSession(credentials, [password], async (session) => {
      try {
        await session.run(`CREATE DATABASE ${quoteIdentifier(name)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
        made.database = true;
        await session.run('CREATE USER ?@? IDENTIFIED BY ?', [username, remote, password]);
        made.user = true;
        await session.run(`GRANT ALL PRIVILEGES ON ${grantDatabasePattern(name)}.* TO ?@?`, [username, remote]);
      } catch (error) {
        await undoOnHost(session, made, name, username, remote).then(
          () => Object.assign(made, { database: false, user: false }),
          () => undefined,
        );
        throw error;
      }
    });
  } catch (error) {
    // The connection died half-way: try once more on a fresh one to drop what was made.
    if (made.database || made.user) {
      await openHostSession(credentials)
        .then(async (session) => {
          await undoOnHost(session, made, name, username, remote).finally(() => session.close());
        })
        .catch(() => undefined);
    }
    await db.delete(serverDatabases).where(eq(serverDatabases.id, row.id));
    if (error instanceof DatabaseHostError && error.errno === ER_DB_CREATE_EXISTS) throw new ValidationError({ name: ['A database with this name already exists on the host.'] });
    throw error;
  }
  await recordAudit(db, {
    actorId: actor.userId,
    serverUuid: server.uuid,
    event: 'server.database.create',
    ip: actor.ip,
    properties: { database: name, username, connections_from: remote, host: host.name },
  });
  return { view: { row, host }, password };
}

/** Gives the database user a new password (on the host first; the panel keeps the old one if the host fails). */
export async function rotateDatabasePassword(context: DatabaseContext, server: ServerRow, uuid: string, actor: DatabaseActor): Promise<{ view: ServerDatabaseView; password: string }> {
  const view = await findServerDatabase(context.db, server, uuid);
  const password = newDatabasePassword();
  await withHostSession(hostCredentials(context, view.host), [password], (session) => session.run('ALTER USER ?@? IDENTIFIED BY ?', [view.row.username, view.row.remote, password]));
  const [row] = await context.db
    .update(serverDatabases)
    .set({ passwordSealed: sealSecret(context.config.secret, DATABASE_PASSWORD_PURPOSE, password), updatedAt: new Date() })
    .where(eq(serverDatabases.id, view.row.id))
    .returning();
  await recordAudit(context.db, {
    actorId: actor.userId,
    serverUuid: server.uuid,
    event: 'server.database.rotate-password',
    ip: actor.ip,
    properties: { database: view.row.name, username: view.row.username },
  });
  return { view: { row: row ?? view.row, host: view.host }, password };
}

/** Drops a database and its user on the host, then forgets it (a host that is down: 503, nothing changes). */
async function dropOnHost(context: DatabaseContext, view: ServerDatabaseView): Promise<void> {
  await withHostSession(hostCredentials(context, view.host), [], async (session) => {
    await session.run(`DROP DATABASE IF EXISTS ${quoteIdentifier(view.row.name)}`);
    await session.run('DROP USER IF EXISTS ?@?', [view.row.username, view.row.remote]);
  });
  await context.db.delete(serverDatabases).where(eq(serverDatabases.id, view.row.id));
}

/** Deletes one database of the server (and its user). */
export async function deleteServerDatabase(context: DatabaseContext, server: ServerRow, uuid: string, actor: DatabaseActor): Promise<void> {
  const view = await findServerDatabase(context.db, server, uuid);
  await dropOnHost(context, view);
  await recordAudit(context.db, {
    actorId: actor.userId,
    serverUuid: server.uuid,
    event: 'server.database.delete',
    ip: actor.ip,
    properties: { database: view.row.name, username: view.row.username },
  });
}

/**
 * Drops every database of a server before the server is deleted. A host that is down stops the
 * deletion (503) so no database is left behind on it without the panel knowing.
 */
export async function dropServerDatabases(context: DatabaseContext, server: ServerRow): Promise<number> {
  const views = await listServerDatabases(context.db, server);
  for (const view of views) await dropOnHost(context, view);
  return views.length;
}
