import type { ServerDatabaseJson } from '../../schemas/databases';
import type { ServerDatabaseView } from './serverDatabases';

/** A database as the API shows it: where to connect and as whom, never the password. */
export function databaseView({ row, host }: ServerDatabaseView): ServerDatabaseJson {
  return {
    uuid: row.uuid,
    name: row.name,
    username: row.username,
    host: host.host,
    port: host.port,
    connections_from: row.remote,
    created_at: row.createdAt.toISOString(),
  };
}
