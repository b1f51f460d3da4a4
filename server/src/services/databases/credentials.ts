import { randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';

function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** The customer's part of a database name: letters, digits and _, 1 to 48 characters. */
export const DATABASE_NAME_PATTERN = '^[A-Za-z0-9_]{1,48}$';

/** Where a database user may connect from: a host, an IP, or a MySQL host pattern with % and _. */
export const CONNECTIONS_FROM_PATTERN = '^[A-Za-z0-9.:%_-]{1,255}$';

/** The full name on the host: every server's databases are prefixed `s<server id>_`. */
export const databaseNameFor = (serverId: number, name: string): string => `s${serverId}_${name}`;

/** A random user, `u<server id>_` and 10 random characters (at most 32 characters, as MySQL allows). */
export const newDatabaseUsername = (serverId: number): string => `u${serverId}_${randomString(LOWER, 10)}`;

/**
 * A strong password: 32 letters and digits (190 bits), with no character that needs quoting
 * in a JDBC URL, a shell or a YAML file.
 */
export const newDatabasePassword = (): string => randomString(ALPHANUMERIC, 32);
