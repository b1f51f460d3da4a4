import { isIP } from 'node:net';
import { asc, count, eq, or } from 'drizzle-orm';
import type { PanelConfig } from '../../config/PanelConfig';
import type { Database } from '../../db/client';
import { databaseHosts, nodes, serverDatabases, type DatabaseHostRow, type NodeRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { FieldErrors } from '../../lib/fieldErrors';
import { openSecret, sealSecret } from '../../lib/secretBox';
import { uniqueViolation } from '../../lib/uniqueViolation';
import { ER_ACCESS_DENIED, openHostSession, type HostCredentials } from './hostConnection';

/** What the database services need: the panel's database and its secret. */
export interface DatabaseContext {
  db: Database;
  config: Pick<PanelConfig, 'secret'>;
}

/** The purpose the sealed passwords of hosts and customers' databases are bound to. */
export const HOST_PASSWORD_PURPOSE = 'database-host-password';
export const DATABASE_PASSWORD_PURPOSE = 'server-database-password';

/** A host as the admin registers it (CLI or admin API). */
export interface DatabaseHostInput {
  name: string;
  host: string;
  port?: number;
  username: string;
  password: string;
  /** Node name or uuid; the local node when absent. */
  node?: string;
}

const HOST_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const DNS_NAME = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const ACCOUNT = /^[^\s'"`\\]{1,80}$/;

/** A database host with the number of databases on it (never its password). */
export interface DatabaseHostView {
  row: DatabaseHostRow;
  node: NodeRow;
  databases: number;
}

/** The admin account of a host, with its password opened. */
export function hostCredentials(context: DatabaseContext, row: DatabaseHostRow): HostCredentials {
  return { name: row.name, host: row.host, port: row.port, username: row.username, password: openSecret(context.config.secret, HOST_PASSWORD_PURPOSE, row.passwordSealed) };
}

async function findNode(db: Database, identifier: string | undefined): Promise<NodeRow | null> {
  const key = identifier ?? 'local';
  const uuidLike = /^[0-9a-f-]{36}$/i.test(key);
  const [row] = await db
    .select()
    .from(nodes)
    .where(uuidLike ? or(eq(nodes.uuid, key), eq(nodes.name, key)) : eq(nodes.name, key))
    .limit(1);
  return row ?? null;
}

/** Per-field checks shared by the admin API and the CLI (422 with every bad field). */
function checkInput(input: DatabaseHostInput, errors: FieldErrors): FieldErrors {
  if ((!errors.has('name') && typeof input.name !== 'string') || !HOST_NAME.test(input.name))
    errors.add('name', 'Use 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit.');
  const host = typeof input.host === 'string' ? input.host.trim() : '';
  if (!errors.has('host') && (!host || !(isIP(host) || DNS_NAME.test(host)))) errors.add('host', 'Enter a host name or an IPv4 or IPv6 address.');
  const port = input.port ?? 3306;
  if (!errors.has('port') && (!Number.isInteger(port) || port < 1 || port > 65535)) errors.add('port', 'Enter a port from 1 to 65535.');
  if (!errors.has('username') && (typeof input.username !== 'string' || !ACCOUNT.test(input.username)))
    errors.add('username', 'Enter the admin account’s user name (up to 80 characters, no spaces or quotes).');
  if (!errors.has('password') && (typeof input.password !== 'string' || input.password.length === 0 || input.password.length > 255))
    errors.add('password', 'Enter the admin account’s password (up to 255 characters).');
  return errors;
}

/**
 * Registers a host after connecting to it with the admin account, so a typo is a 422 on the
 * field at fault (host or port unreachable, account refused) and not a broken host later.
 */
export async function registerDatabaseHost(context: DatabaseContext, input: DatabaseHostInput, schemaErrors = new FieldErrors()): Promise<DatabaseHostView> {
  const errors = checkInput(input, schemaErrors);
  const node = errors.has('node') ? null : await findNode(context.db, typeof input.node === 'string' ? input.node : undefined);
  if (!node && !errors.has('node')) errors.add('node', 'Unknown node.');
  errors.throwIfAny();
  const [taken] = await context.db.select({ id: databaseHosts.id }).from(databaseHosts).where(eq(databaseHosts.name, input.name));
  if (taken) errors.add('name', 'A database host with this name exists.').throwIfAny();
  const credentials: HostCredentials = { name: input.name, host: input.host.trim(), port: input.port ?? 3306, username: input.username, password: input.password };
  try {
    const session = await openHostSession(credentials);
    await session.close();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const errno = (error as { errno?: number | null }).errno;
    if (errno === ER_ACCESS_DENIED) errors.add('password', 'The host refused this user name and password.');
    else errors.add('host', `The panel cannot connect to ${credentials.host}:${credentials.port}: ${error.message}`);
    errors.throwIfAny();
  }
  try {
    const [row] = await context.db
      .insert(databaseHosts)
      .values({
        name: input.name,
        host: credentials.host,
        port: credentials.port,
        username: input.username,
        passwordSealed: sealSecret(context.config.secret, HOST_PASSWORD_PURPOSE, input.password),
        nodeId: node!.id,
      })
      .returning();
    return { row, node: node!, databases: 0 };
  } catch (error) {
    if (uniqueViolation(error)) errors.add('name', 'A database host with this name exists.').throwIfAny();
    throw error;
  }
}

/** Every host with its node and number of databases. */
export async function listDatabaseHosts(db: Database): Promise<DatabaseHostView[]> {
  const rows = await db.select({ row: databaseHosts, node: nodes }).from(databaseHosts).innerJoin(nodes, eq(nodes.id, databaseHosts.nodeId)).orderBy(asc(databaseHosts.id));
  const counts = await db.select({ hostId: serverDatabases.hostId, n: count() }).from(serverDatabases).groupBy(serverDatabases.hostId);
  const byHost = new Map(counts.map((c) => [c.hostId, Number(c.n)]));
  return rows.map(({ row, node }) => ({ row, node, databases: byHost.get(row.id) ?? 0 }));
}

/** A host by name or uuid; 404 when there is none. */
export async function requireDatabaseHost(db: Database, identifier: string): Promise<DatabaseHostView> {
  const found = (await listDatabaseHosts(db)).find((view) => view.row.name === identifier || view.row.uuid === identifier);
  if (!found) throw notFound('Database host');
  return found;
}

/** Removes a host from the panel; refused (409) while customers' databases live on it. */
export async function deleteDatabaseHost(db: Database, identifier: string): Promise<void> {
  const view = await requireDatabaseHost(db, identifier);
  if (view.databases > 0) throw new HttpError(409, `The database host "${view.row.name}" still holds ${view.databases} database(s); delete them (or their servers) first.`);
  await db.delete(databaseHosts).where(eq(databaseHosts.id, view.row.id));
}

/** The host a server's new database goes to: the least used host serving its node, or null. */
export async function hostForNode(db: Database, nodeId: number): Promise<DatabaseHostRow | null> {
  const hosts = (await listDatabaseHosts(db)).filter((view) => view.row.nodeId === nodeId);
  hosts.sort((a, b) => a.databases - b.databases || a.row.id - b.row.id);
  return hosts[0]?.row ?? null;
}

/** Whether any host serves the node (the page shows "not set up" otherwise). */
export async function nodeHasDatabaseHost(db: Database, nodeId: number): Promise<boolean> {
  const [row] = await db.select({ id: databaseHosts.id }).from(databaseHosts).where(eq(databaseHosts.nodeId, nodeId)).limit(1);
  return Boolean(row);
}
