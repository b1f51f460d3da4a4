import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';
import { newToken, safeEqual, sign } from '../lib/tokens';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// The translation service is public and cross-origin; the websocket checks its own origin.
const EXEMPT_PATHS = new Set(['/api/languagelist', '/api/language']);

/** `random.signature`: only the panel can mint a cookie it will accept. */
export function mintXsrfToken(secret: string): string {
  const value = newToken();
  return `${value}.${sign(secret, `xsrf:${value}`)}`;
}

export function isValidXsrfToken(secret: string, token: string | undefined): token is string {
  if (!token) return false;
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  return safeEqual(token.slice(dot + 1), sign(secret, `xsrf:${token.slice(0, dot)}`));
}

/**
 * Whether the request is a websocket handshake: a GET that the HTTP server really upgraded
 * (@fastify/websocket sets `request.ws`; the socket route checks its own Origin). An Upgrade
 * header alone exempts nothing, on a POST above all: websocket routes are GET only.
 */
function isWebsocketHandshake(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.ws === true;
}

function isExempt(request: FastifyRequest): boolean {
  return EXEMPT_PATHS.has(request.url.split('?')[0]) || isWebsocketHandshake(request);
}

function decodeHeader(value: string | string[] | undefined): string | null {
  if (typeof value !== 'string') return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * XSRF protection as Laravel Sanctum does it: every answer carries a readable, signed XSRF-TOKEN
 * cookie (issued when the request has none or a bad one); a state-changing request that carries
 * the cookie must echo it in X-XSRF-TOKEN (URL-decoded compare) or gets 419. Requests without the
 * cookie (API clients using only a bearer token) need no header.
 */
export const xsrfPlugin = fp(
  async (app) => {
    const secret = app.config.secret;

    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method) || isExempt(request)) return;
      const cookie = request.cookies[XSRF_COOKIE];
      if (cookie === undefined) return;
      const header = decodeHeader(request.headers[XSRF_HEADER]);
      if (header === null || !isValidXsrfToken(secret, cookie) || !safeEqual(header, cookie)) {
        throw new HttpError(419, 'CSRF token mismatch.');
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (isExempt(request) || isValidXsrfToken(secret, request.cookies[XSRF_COOKIE])) return payload;
      reply.setCookie(XSRF_COOKIE, mintXsrfToken(secret), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
      return payload;
    });
  },
  { name: 'xsrf', dependencies: ['@fastify/cookie'] },
);
