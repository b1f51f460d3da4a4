import type { DatabaseHostJson } from '../../schemas/databases';
import type { DatabaseHostView } from './databaseHosts';

/** A database host as the admin API and the CLI show it: never its admin password. */
export function databaseHostJson({ row, node, databases }: DatabaseHostView): DatabaseHostJson {
  return {
    uuid: row.uuid,
    name: row.name,
    host: row.host,
    port: row.port,
    username: row.username,
    node: node.name,
    databases,
    created_at: row.createdAt.toISOString(),
  };
}
