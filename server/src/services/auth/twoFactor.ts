import { randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Database } from '../../db/client';
import { recoveryCodes, users } from '../../db/schema';
import type { UserRow } from '../../plugins/auth';
import { hashToken } from '../../lib/tokens';

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
  const secret = generateSecret();
  await db.update(users).set({ totpSecret: secret, totpLastStep: null }).where(and(eq(users.id, user.id), eq(users.useTotp, false)));
  const uri = generateURI({ issuer: TOTP_ISSUER, label: user.email, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauth_uri: uri, qr_svg: svg };
}

/**
 * Checks a TOTP code and records its time step atomically, so the same code (or an older one)
 * is never accepted twice, even by two concurrent requests.
 */
export async function acceptTotpCode(db: Database, user: Pick<UserRow, 'id' | 'totpSecret' | 'totpLastStep'>, code: string): Promise<boolean> {
  const token = code.replace(/\s+/g, '');
  if (!user.totpSecret || !/^\d{6}$/.test(token)) return false;
  const result = await verify({
    secret: user.totpSecret,
    token,
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(user.totpLastStep !== null ? { afterTimeStep: user.totpLastStep } : {}),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  const step = result.timeStep;
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
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

/** The checkpoint's second factor: a TOTP code, else a recovery code. Answers which one worked. */
export async function acceptSecondFactor(db: Database, user: UserRow, code: string): Promise<'totp' | 'recovery_code' | null> {
  if (await acceptTotpCode(db, user, code)) return 'totp';
  if (await useRecoveryCode(db, user.id, code)) return 'recovery_code';
  return null;
}

/** One recovery code: 16 characters (80 bits) in four groups, e.g. `k7m2-x9qa-...`. */
function newRecoveryCode(): string {
  let raw = '';
  for (let i = 0; i < 16; i++) raw += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return raw.match(/.{4}/g)!.join('-');
}

/**
 * Turns two-factor on when the code matches the enrolled secret; replaces any old recovery codes
 * with 10 new ones (stored as SHA-256) and answers them, or null for a wrong code.
 */
export async function enableTwoFactor(db: Database, user: UserRow, code: string): Promise<string[] | null> {
  if (!(await acceptTotpCode(db, user, code))) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ useTotp: true, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId: user.id, codeHash: hashToken(normalizeRecoveryCode(c)) })));
  });
  return codes;
}

/** Turns two-factor off and forgets the secret and the recovery codes. */
export async function disableTwoFactor(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ useTotp: false, totpSecret: null, totpLastStep: null, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
}
