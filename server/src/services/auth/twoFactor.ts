import { randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recoveryCodes, users } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { recordAudit, type Actor } from '../audit/audit';

/** Name shown in authenticator apps next to the account. */
export const TOTP_ISSUER = 'Game Panel';
/** Clock drift accepted either side of now: one 30-second step. */
const EPOCH_TOLERANCE_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
// No 0/O, 1/l/i: codes are read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface Enrolment {
  secret: string;
  otpauth_uri: string;
  qr_svg: string;
}

/** Starts (or restarts) set-up: a fresh secret stored on the account, not yet active. */
export async function startEnrolment(db: Database, user: UserRow): Promise<Enrolment> {
  // The one-time password library is loaded by the first set-up or code checked, not by every start.
  const { generateSecret, generateURI } = await import('otplib');
  const secret = generateSecret();
  await db
    .update(users)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(and(eq(users.id, user.id), eq(users.useTotp, false)));
  const uri = generateURI({ issuer: TOTP_ISSUER, label: user.email, secret });
  // The QR code library (and its PNG encoder) is loaded by the first set-up, not by every start.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauth_uri: uri, qr_svg: svg };
}

/** What a TOTP code turned out to be: right and now spent, right but already used, or wrong. */
export type TotpOutcome = 'accepted' | 'reused' | 'invalid';

/**
 * Checks a TOTP code and records its time step atomically, so the same code (or an older one)
 * is never accepted twice, even by two concurrent requests. A code that is right for the step
 * just used answers 'reused': its owner typed it twice (or two tabs raced), which is no guess.
 */
export async function checkTotpCode(db: Database, user: Pick<UserRow, 'id' | 'totpSecret' | 'totpLastStep'>, code: string): Promise<TotpOutcome> {
  const token = code.replace(/\s+/g, '');
  if (!user.totpSecret || !/^\d{6}$/.test(token)) return 'invalid';
  const { verify } = await import('otplib');
  const result = await verify({ secret: user.totpSecret, token, epochTolerance: EPOCH_TOLERANCE_SECONDS });
  if (!result.valid || !('timeStep' in result)) return 'invalid';
  const step = result.timeStep;
  // The step just used: typed twice. An older step is no code of now: wrong, as any guess.
  if (user.totpLastStep !== null && step === user.totpLastStep) return 'reused';
  if (user.totpLastStep !== null && step < user.totpLastStep) return 'invalid';
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  // No row: another request spent this step (or a later one) first.
  return rows.length > 0 ? 'accepted' : 'reused';
}

/** {@link checkTotpCode} for callers that only need to know whether the code was accepted. */
export async function acceptTotpCode(db: Database, user: Pick<UserRow, 'id' | 'totpSecret' | 'totpLastStep'>, code: string): Promise<boolean> {
  return (await checkTotpCode(db, user, code)) === 'accepted';
}

const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Spends one unused recovery code of the user; false when unknown or already used. */
export async function useRecoveryCode(db: Database, userId: number, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== 16) return false;
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashToken(normalized)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

/** What a second factor turned out to be; `method` names the kind that was accepted. */
export type SecondFactorOutcome = { status: 'accepted'; method: 'totp' | 'recovery_code' } | { status: 'reused' } | { status: 'invalid' };

/**
 * A second factor of an account with two-factor on: a TOTP code, else a recovery code (spent
 * when it works). A right TOTP code of a step already used is 'reused', not a wrong guess.
 */
export async function checkSecondFactor(db: Database, user: UserRow, code: string): Promise<SecondFactorOutcome> {
  const totp = await checkTotpCode(db, user, code);
  if (totp === 'accepted') return { status: 'accepted', method: 'totp' };
  if (totp === 'reused') return { status: 'reused' };
  if (await useRecoveryCode(db, user.id, code)) return { status: 'accepted', method: 'recovery_code' };
  return { status: 'invalid' };
}

/** One recovery code: 16 characters (80 bits) in four groups, e.g. `k7m2-x9qa-...`. */
function newRecoveryCode(): string {
  let raw = '';
  for (let i = 0; i < 16; i++) raw += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return raw.match(/.{4}/g)!.join('-');
}

/**
 * Turns two-factor on when the code matches the enrolled secret; replaces any old recovery codes
 * with 10 new ones (stored as SHA-256) and answers them, or null for a wrong code. Recorded as
 * `account.2fa-enabled`.
 */
export async function enableTwoFactor(db: Database, user: UserRow, code: string, ip: string): Promise<string[] | null> {
  if (!(await acceptTotpCode(db, user, code))) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ useTotp: true, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId: user.id, codeHash: hashToken(normalizeRecoveryCode(c)) })));
  });
  await recordAudit(db, { actorId: user.id, event: 'account.2fa-enabled', ip, properties: {} });
  return codes;
}

/**
 * Turns two-factor off and forgets the secret and the recovery codes (`account.2fa-disabled`).
 * The user turning it off themselves is the actor; when an admin resets it (a lost phone), the
 * admin is the actor and the user the target, so the trail says who really did it.
 */
export async function disableTwoFactor(db: Database, user: { id: number; uuid: string; username: string }, actor: Actor & { via?: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ useTotp: false, totpSecret: null, totpLastStep: null, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
  const target = actor.userId === user.id ? {} : { user: user.uuid, username: user.username };
  const properties = { ...target, ...(actor.via ? { via: actor.via } : {}) };
  await recordAudit(db, { actorId: actor.userId, event: 'account.2fa-disabled', ip: actor.ip, properties });
}
