import type { Database } from '../../db/client';
import type { ServerRow, SshKeyRow, UserRow } from '../../db/schema';
import type { RateLimiter } from '../../lib/rateLimiter';
import { loginLimits } from '../auth/loginLimit';
import { recordRefusedLogin } from '../auth/loginEvents';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import { findUserByLogin } from '../auth/userAccounts';
import { accessAllows, accessFor, findServerByIdentifier, type ServerAccess } from '../permissions/serverAccess';
import { fingerprintOf } from './publicKeys';
import { findSshKey, sftpKeyOnly, touchSshKey } from './sshKeyService';

/** Who signed in to SFTP, on which server, and how. */
export interface SftpIdentity {
  user: UserRow;
  server: ServerRow;
  access: ServerAccess;
  /** The key that signed in, or null for the password. */
  key: SshKeyRow | null;
}

/** Why a sign-in was refused (logged for the host; the client only hears "denied"). */
export type SftpRefusedReason = 'unknown' | 'credentials' | 'rate-limited' | 'two-factor' | 'key-only' | 'suspended' | 'no-access';

export type SftpLoginResult = { ok: true; identity: SftpIdentity } | { ok: false; reason: SftpRefusedReason };

export interface SftpLoginDeps {
  db: Database;
  rateLimiter: RateLimiter;
}

/** `<panel username>.<server identifier>`: split at the last dot (usernames may hold dots, identifiers never do). */
export function parseSftpUsername(name: string): { username: string; server: string } | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return null;
  return { username: name.slice(0, dot).toLowerCase(), server: name.slice(dot + 1).toLowerCase() };
}

/** The SFTP username of a panel user on a server. */
export function sftpUsernameOf(username: string, serverIdentifier: string): string {
  return `${username}.${serverIdentifier}`;
}

const refused = (reason: SftpRefusedReason): SftpLoginResult => ({ ok: false, reason });

/**
 * Whether `user` may open SFTP on the server named: the account and the server not suspended, and
 * the user holds file.sftp there (the owner and root admins hold every key).
 */
export async function sftpTarget(db: Database, user: UserRow, serverIdentifier: string): Promise<{ server: ServerRow; access: ServerAccess } | SftpRefusedReason> {
  if (user.suspended) return 'suspended';
  const server = await findServerByIdentifier(db, serverIdentifier);
  const access = server ? await accessFor(db, user, server) : null;
  if (!server || !access || !accessAllows(access, 'file.sftp')) return 'no-access';
  if (server.suspended) return 'suspended';
  return { server, access };
}

/**
 * A password sign-in, on the web login's own counters (per address and per panel username), so
 * guessing over SFTP and over the web shares one budget. Accounts with two-factor and accounts in
 * key-only mode never sign in with their password here: SFTP cannot ask for the second factor.
 */
export async function passwordLogin({ db, rateLimiter }: SftpLoginDeps, name: string, password: string, ip: string): Promise<SftpLoginResult> {
  const parsed = parseSftpUsername(name);
  const { byIp, byName } = loginLimits(ip, parsed?.username ?? name.toLowerCase());
  const { over } = await rateLimiter.hitAll([byIp, byName]);
  if (over.length > 0) return refused('rate-limited');
  const user = parsed ? await findUserByLogin(db, parsed.username) : null;
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
  if (!user || !valid || !parsed) {
    await recordRefusedLogin(db, { userId: user?.id ?? null, login: parsed?.username ?? name, ip });
    return refused(user ? 'credentials' : 'unknown');
  }
  await Promise.all([rateLimiter.refund(byIp), rateLimiter.refund(byName)]);
  if (user.useTotp) return refused('two-factor');
  if (await sftpKeyOnly(db, user.id)) return refused('key-only');
  const target = await sftpTarget(db, user, parsed.server);
  if (typeof target === 'string') return refused(target);
  return { ok: true, identity: { user, ...target, key: null } };
}

/**
 * A public-key sign-in. SSH asks twice: first whether the key would do (no signature yet), then
 * with a signature that `verify` checks. The key must be one of the account's, by fingerprint.
 */
export async function publicKeyLogin(db: Database, name: string, keyBlob: Buffer, verify: (() => boolean) | null): Promise<SftpLoginResult> {
  const parsed = parseSftpUsername(name);
  const user = parsed ? await findUserByLogin(db, parsed.username) : null;
  if (!user || !parsed) return refused('unknown');
  const key = await findSshKey(db, user.id, fingerprintOf(keyBlob));
  if (!key || (verify && !verify())) return refused('credentials');
  const target = await sftpTarget(db, user, parsed.server);
  if (typeof target === 'string') return refused(target);
  if (verify) await touchSshKey(db, key.id);
  return { ok: true, identity: { user, ...target, key } };
}
