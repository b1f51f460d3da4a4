import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from '../../lib/tokens';
import { OAUTH_STATE_TTL_MS } from '../../services/auth/oauth/oauthStates';

/**
 * Binds a social-login attempt to the browser that started it: a signed, http-only cookie holding
 * the state. A callback whose state is not this browser's is refused, so nobody can make a victim's
 * browser finish an attempt the attacker started (and log the victim into the attacker's account).
 */
const COOKIE = 'panel_oauth';
const PATH = '/api/v2';

export function bindAttempt(request: FastifyRequest, reply: FastifyReply, state: string): void {
  reply.setCookie(COOKIE, state, { path: PATH, httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', signed: true, maxAge: OAUTH_STATE_TTL_MS / 1000 });
}

/** Whether the request comes from the browser the state was given to; the cookie is cleared either way. */
export function isBoundAttempt(request: FastifyRequest, reply: FastifyReply, state: string): boolean {
  const raw = request.cookies[COOKIE];
  reply.clearCookie(COOKIE, { path: PATH });
  if (!raw) return false;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value !== null && safeEqual(unsigned.value, state);
}

/** The address the provider sends the person back to: the web app's /socialite page. */
export const socialiteUrl = (origin: string) => `${origin}/socialite`;
