import type { ServerDatabase } from '../../api/databases';

/**
 * The JDBC address of a database, as plugins (LuckPerms, CoreProtect …) and mods take it:
 * `jdbc:mysql://host:port/name`. IPv6 hosts are bracketed. It holds no credentials.
 */
export function jdbcUrl(database: Pick<ServerDatabase, 'host' | 'port' | 'name'>): string {
  const host = database.host.includes(':') ? `[${database.host}]` : database.host;
  return `jdbc:mysql://${host}:${database.port}/${database.name}`;
}
