import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new 256-bit random token, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256, so a database leak yields no usable token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** HMAC signature with the panel secret (XSRF cookies, websocket tickets, signed URLs). */
export const sign = (secret: string, value: string): string => createHmac('sha256', secret).update(value).digest('base64url');

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
