import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

/** The Drizzle database, whichever driver is behind it: queries are written once for both. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Who hears about a pooled connection lost while idle (PostgreSQL restarted, an admin
   * terminated the backend). The pool drops that connection and opens a new one on the next
   * query, so this is news for the log, never a reason to stop; until someone listens it goes
   * to stderr. PGlite runs in-process and never loses a connection.
   */
  onConnectionLost(listener: (error: Error) => void): void;
}

export const migrationsFolder = join(__dirname, 'migrations');

export type OpenDatabaseOptions =
  | { databaseUrl: string }
  | { dataDir: string }
  /** An already opened PGlite (tests open copies of a migrated template). */
  | { pglite: PGlite };

/** Opens the database and brings its schema up to date with the migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Without an 'error' listener, an idle client's lost connection is an unhandled error event
    // and takes the whole panel down with it.
    let connectionLost = (error: Error) => console.error('database connection lost:', error.message);
    pool.on('error', (error) => connectionLost(error));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      close: () => pool.end(),
      onConnectionLost: (listener) => {
        connectionLost = listener;
      },
    };
  }
  let client: PGlite;
  if ('pglite' in options) {
    client = options.pglite;
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create(options.dataDir);
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close(), onConnectionLost: () => {} };
}
