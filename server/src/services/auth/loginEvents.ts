import type { Database } from '../../db/client';
import { recordAudit } from '../audit/audit';

/**
 * The audit entries of login steps that change nothing but the record: refused attempts and
 * passed checkpoints. The routes decide when a step failed (rate limits sit between the checks);
 * what is written about it is decided here.
 */

/**
 * A wrong password or unknown login (`auth.fail`). The typed login is kept only when it names an
 * account: an unknown one may be a password typed into the wrong field.
 */
export function recordRefusedLogin(db: Database, { userId, login, ip }: { userId: number | null; login: string; ip: string }): Promise<void> {
  return recordAudit(db, { actorId: userId, event: 'auth.fail', ip, properties: userId !== null ? { login, reason: 'credentials' } : { reason: 'unknown_login' } });
}

/** The second step of a two-factor login passed (`auth.checkpoint`), with how. */
export function recordCheckpointPassed(db: Database, userId: number, ip: string, method: string): Promise<void> {
  return recordAudit(db, { actorId: userId, event: 'auth.checkpoint', ip, properties: { method } });
}

/** The account's wrong second factors reached the limit: it answers 429 for the window. */
export function recordSecondFactorLockout(db: Database, userId: number, ip: string, { failures, minutes }: { failures: number; minutes: number }): Promise<void> {
  return recordAudit(db, { actorId: userId, event: 'auth.two-factor-locked', ip, properties: { failures, minutes } });
}

/** A second factor refused: a right code used before (`auth.two-factor-reused`) or a wrong one (`auth.fail`). */
export function recordSecondFactorRefused(db: Database, userId: number, ip: string, outcome: 'reused' | 'invalid'): Promise<void> {
  return outcome === 'reused'
    ? recordAudit(db, { actorId: userId, event: 'auth.two-factor-reused', ip, properties: {} })
    : recordAudit(db, { actorId: userId, event: 'auth.fail', ip, properties: { reason: 'two_factor' } });
}
