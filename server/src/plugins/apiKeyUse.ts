import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeyRow } from '../db/schema';
import { HttpError } from '../lib/errors';
import { addressAllowed } from '../services/auth/apiKeyAddresses';
import { apiKeyCallRefusal, apiKeyRefusals } from '../services/auth/apiKeyRoutePolicy';
import { apiKeyRefusal, findApiKey, recordRefusedApiKeyUse, touchApiKey } from '../services/auth/apiKeys';

// Wrong API keys (unknown, revoked, expired, from an address not allowed) per client address, as the admin keys count theirs.
const FAILURES = { limit: 20, windowMs: 60_000 };

const countFailure = (app: FastifyInstance, request: FastifyRequest) => app.rateLimit({ key: `api-key:${request.ip}`, ...FAILURES });

/** A key-shaped credential that does not authenticate: counted, then 401 saying why (unknown, revoked or expired). */
export async function refuseBadApiKey(app: FastifyInstance, request: FastifyRequest, token: string): Promise<never> {
  await countFailure(app, request);
  const found = await findApiKey(app.db, token);
  throw new HttpError(401, (found && apiKeyRefusal(found.key)) || 'This API key is not valid.');
}

/**
 * The checks of a request authenticated by a valid API key: the address is one the key allows
 * (403, counted and audited otherwise), the call is one keys may make (403), then the use is
 * recorded as the key's last.
 */
export async function checkApiKeyUse(app: FastifyInstance, request: FastifyRequest, key: ApiKeyRow): Promise<void> {
  if (!addressAllowed(key.allowedIps, request.ip)) {
    await recordRefusedApiKeyUse(app.db, key, request.ip);
    await countFailure(app, request);
    throw new HttpError(403, apiKeyRefusals.address(request.ip));
  }
  const refusal = apiKeyCallRefusal({
    method: request.method,
    url: request.routeOptions.url ?? request.url.split('?')[0],
    serverScoped: request.routeOptions.config?.serverPermission !== undefined,
    scopes: key.scopes,
  });
  if (refusal) throw new HttpError(403, refusal);
  await touchApiKey(app.db, key, request.ip);
}
