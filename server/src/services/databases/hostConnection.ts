import type mysql from 'mysql2/promise';
import { HttpError } from '../../lib/errors';

/** How a panel reaches a database host with its admin account. */
export interface HostCredentials {
  name: string;
  host: string;
  port: number;
  username: string;
  password: string;
}

/** How long the panel waits for a database host before it answers that the host is down. */
export const HOST_CONNECT_TIMEOUT_MS = 5000;

/** How long one statement may take before the panel gives up on the host. */
export const HOST_QUERY_TIMEOUT_MS = 15_000;

/**
 * The host answered 503: down, unreachable or refusing the admin account. The message is clear
 * for the customer and carries no SQL (mysql2 errors hold the statement, passwords included).
 */
export class DatabaseHostError extends HttpError {
  constructor(
    message: string,
    /** The server's error number (ER_...), when the host answered at all. */
    readonly errno: number | null = null,
  ) {
    super(503, message);
  }
}

/** MariaDB/MySQL error numbers the services tell apart. */
export const ER_DB_CREATE_EXISTS = 1007;
export const ER_CANNOT_USER = 1396;
export const ER_ACCESS_DENIED = 1045;

function describe(error: unknown, secrets: string[]): { text: string; errno: number | null } {
  const e = error as { code?: string; errno?: number; sqlMessage?: string; message?: string; fatal?: boolean };
  // Only the server's own message (no statement); the secrets of the call are cut out anyway.
  let text = e.sqlMessage ?? e.message ?? String(error);
  for (const secret of secrets) if (secret) text = text.split(secret).join('[redacted]');
  return { text, errno: e.sqlMessage ? (e.errno ?? null) : null };
}

/** Turns a mysql2 error into the clean 503 (connection problems say "cannot be reached"). */
export function hostError(host: Pick<HostCredentials, 'name'>, error: unknown, secrets: string[] = []): DatabaseHostError {
  const { text, errno } = describe(error, secrets);
  if (errno === null) return new DatabaseHostError(`The database host "${host.name}" cannot be reached right now (${text}). Try again later.`);
  return new DatabaseHostError(`The database host "${host.name}" refused the request: ${text}`, errno);
}

/** An open admin connection to a host; `run` sends one statement with escaped values. */
export interface HostSession {
  run(sql: string, values?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the admin connection; a host that is down or refuses the account is a DatabaseHostError.
 * `secrets` are cut out of every error message this session produces.
 */
export async function openHostSession(credentials: HostCredentials, secrets: string[] = []): Promise<HostSession> {
  let connection: mysql.Connection;
  try {
    // Loaded on first use: most panels and most requests never reach a database host.
    const { createConnection } = await import('mysql2/promise');
    connection = await createConnection({
      host: credentials.host,
      port: credentials.port,
      user: credentials.username,
      password: credentials.password,
      connectTimeout: HOST_CONNECT_TIMEOUT_MS,
      multipleStatements: false,
    });
  } catch (error) {
    throw hostError(credentials, error, [credentials.password, ...secrets]);
  }
  // A dropped connection emits 'error' on the connection object; the pending query rejects too.
  connection.on('error', () => undefined);
  return {
    async run(sql, values = []) {
      try {
        await connection.query({ sql, values, timeout: HOST_QUERY_TIMEOUT_MS });
      } catch (error) {
        throw hostError(credentials, error, [credentials.password, ...secrets]);
      }
    },
    async close() {
      await connection.end().catch(() => connection.destroy());
    },
  };
}

/** Runs `work` on an admin session and closes it whatever happens. */
export async function withHostSession<T>(credentials: HostCredentials, secrets: string[], work: (session: HostSession) => Promise<T>): Promise<T> {
  const session = await openHostSession(credentials, secrets);
  try {
    return await work(session);
  } finally {
    await session.close();
  }
}

/**
 * The database name inside a GRANT: backquoted, with `_` and `%` escaped, because a grant's
 * database name is a pattern and `s1_a` would otherwise also match `s1xa`.
 */
export function grantDatabasePattern(name: string): string {
  return `\`${name.replace(/`/g, '``').replace(/([_%\\])/g, '\\$1')}\``;
}

/** A backquoted identifier (CREATE/DROP DATABASE). */
export function quoteIdentifier(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}
