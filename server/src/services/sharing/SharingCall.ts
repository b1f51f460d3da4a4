import type { UserRow } from '../../db/schema';
import type { ServerAccess } from '../permissions/serverAccess';

/**
 * Who changes a server's sharing, on which server and from where: what every sharing operation
 * checks grants against (`access`) and records in the server's audit log (`user`, `ip`).
 */
export interface SharingCall {
  /** The caller's access to the server: what they may grant. */
  access: ServerAccess;
  /** The account calling. */
  user: UserRow;
  ip: string;
}
