import { randomBytes } from 'node:crypto';
import { safeEqual, sign } from '../../../lib/tokens';

/** What a console ticket binds together. */
export interface TicketPayload {
  /** Server uuid. */
  s: string;
  /** User id. */
  u: number;
  /** Access token id: the socket closes when that token is revoked (0 when an API key asked). */
  t: number;
  /** Client API key id, when a key asked for the ticket: the socket closes when it is revoked, and its scopes apply. */
  k?: number;
  /** Expiry, ms since the epoch. */
  e: number;
  /** Nonce, so two tickets never look alike. */
  n: string;
}

export const TICKET_TTL_MS = 10 * 60_000;
const PURPOSE = 'server-socket';

/**
 * A short-lived signed ticket for a server's console socket (browsers cannot set headers on a
 * websocket, so the bearer token is exchanged for this over HTTPS first).
 */
export function issueTicket(secret: string, payload: Omit<TicketPayload, 'n' | 'e'>, ttlMs = TICKET_TTL_MS): { token: string; expiresAt: number } {
  const full: TicketPayload = { ...payload, e: Date.now() + ttlMs, n: randomBytes(9).toString('base64url') };
  const body = Buffer.from(JSON.stringify(full)).toString('base64url');
  return { token: `${body}.${sign(secret, `${PURPOSE}.${body}`)}`, expiresAt: full.e };
}

/** The payload of a valid, unexpired ticket, or null. */
export function verifyTicket(secret: string, token: unknown, now = Date.now()): TicketPayload | null {
  if (typeof token !== 'string' || token.length > 1024) return null;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  if (!safeEqual(signature, sign(secret, `${PURPOSE}.${body}`))) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TicketPayload;
    if (typeof payload.s !== 'string' || !Number.isInteger(payload.u) || !Number.isInteger(payload.t) || typeof payload.e !== 'number') return null;
    if (payload.k !== undefined && !Number.isInteger(payload.k)) return null;
    return payload.e > now ? payload : null;
  } catch {
    return null;
  }
}
