import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../../plugins/auth';

/** Signed cookie naming the account that last logged in from this browser. */
export const KNOWN_DEVICE_COOKIE = 'panel_device';
const ONE_YEAR_S = 365 * 24 * 3600;

/** Marks this browser as one the account has logged in from (after a finished login). */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, userId: number): void {
  reply.setCookie(KNOWN_DEVICE_COOKIE, String(userId), {
    path: '/api/v2/auth',
    sameSite: 'strict',
    httpOnly: true,
    secure: request.protocol === 'https',
    signed: true,
    maxAge: ONE_YEAR_S,
  });
}

/**
 * True when the request comes from a session the account already has: this browser finished a
 * login of the account before (signed cookie), or it presents a live token of the account.
 * Such a request is not a stranger's, so the login name's limit yields to it.
 */
export async function isKnownSession(app: FastifyInstance, request: FastifyRequest, userId: number): Promise<boolean> {
  const cookie = request.cookies[KNOWN_DEVICE_COOKIE];
  if (cookie) {
    const unsigned = request.unsignCookie(cookie);
    if (unsigned.valid && unsigned.value === String(userId)) return true;
  }
  const token = bearerToken(request);
  if (!token) return false;
  const resolved = await app.resolveAccessToken(token, { fresh: true });
  return resolved?.user.id === userId;
}
