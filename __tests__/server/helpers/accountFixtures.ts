import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { generate } from 'otplib';
import { hashPassword } from '../../../server/src/services/auth/passwords';
import { createUser, findUserById } from '../../../server/src/services/auth/userAccounts';
import { issueAccessToken } from '../../../server/src/services/auth/accessTokens';

export const PASSWORD = 'correct horse battery staple';

// One argon2 hash per password and test file: hashing costs about 0.3 s each.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** A distinct client address per call, so rate limits of one test do not leak into another. */
export const freshIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;

export const uniqueName = (prefix = 'user') => `${prefix}${randomBytes(4).toString('hex')}`;

export interface TestAccount {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
  tokenId: number;
}

/** An account created straight in the database, with a live session token. */
export async function createAccount(app: FastifyInstance, { password = PASSWORD, username = uniqueName() } = {}): Promise<TestAccount> {
  const email = `${username}@example.com`;
  const user = await createUser(app.db, { username, email, passwordHash: await hashOf(password) });
  const issued = await issueAccessToken(app.db, { userId: user.id, remember: false, ip: '127.0.0.1', userAgent: 'jest' });
  return { id: user.id, username, email, password, token: issued.token, tokenId: issued.id };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `app.inject` with a JSON body from a given address. */
export function send(app: FastifyInstance, method: InjectOptions['method'], url: string, payload?: object, extra: Partial<InjectOptions> = {}) {
  return app.inject({ method, url, payload, remoteAddress: extra.remoteAddress ?? freshIp(), ...extra });
}

/** The current TOTP code of a secret, or the one of `stepOffset` steps from now. */
export const totpCode = (secret: string, stepOffset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30 });

/**
 * Enrols and enables two-factor for an account through the API; answers the secret and the
 * recovery codes. The enabling code is from the previous step, so the current step stays free.
 */
export async function enableTwoFactorFor(app: FastifyInstance, account: TestAccount): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enrol = await send(app, 'GET', '/api/v2/account/two-factor', undefined, { headers: bearer(account.token) });
  const secret = enrol.json().data.secret as string;
  const enableWith = async () => send(app, 'POST', '/api/v2/account/two-factor', { code: await totpCode(secret, -1), password: account.password }, { headers: bearer(account.token) });
  let enable = await enableWith();
  // On a busy machine the password check can outlast a 30 s step, leaving the code two steps old:
  // once more with the code of the new previous step.
  if (enable.statusCode === 422) enable = await enableWith();
  if (enable.statusCode !== 200) throw new Error(`enabling two-factor failed: ${enable.body}`);
  return { secret, recoveryCodes: enable.json().data.recovery_codes };
}

export const reloadUser = (app: FastifyInstance, id: number) => findUserById(app.db, id);
