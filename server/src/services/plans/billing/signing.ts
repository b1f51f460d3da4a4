import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `message` under `secret`, hex. */
export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Compares two hex signatures in constant time (false for different lengths or non-hex). */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(/^[0-9a-f]+$/i.test(given) ? given : '', 'hex');
  return a.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}

/** The string a checkout redirect signs: `checkout.<payload>`. */
export const checkoutMessage = (payload: string) => `checkout.${payload}`;

/** The string a webhook signs: `<unix seconds>.<raw body>`. */
export const webhookMessage = (timestamp: string, rawBody: string) => `${timestamp}.${rawBody}`;
