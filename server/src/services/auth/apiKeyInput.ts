import type { ApiKeyRow } from '../../db/schema';
import type { FieldErrors } from '../../lib/fieldErrors';
import { ruleText } from '../../lib/validationMessages';
import type { ApiKey, CreateApiKeyBody } from '../../schemas/apiKeys';
import { MAX_ALLOWED_IPS, normaliseAllowedIp } from './apiKeyAddresses';
import { parseScopes } from './apiKeyScopes';
import type { NewApiKey } from './apiKeys';

/** Checks a new key's fields beyond their schema (known scopes, addresses, a future expiry), adding per-field messages. */
export function checkNewApiKey(body: Partial<CreateApiKeyBody>, errors: FieldErrors, now = Date.now()): NewApiKey {
  const description = (body.description ?? '').trim();
  if (!description && !errors.has('description')) errors.add('description', ruleText.required);
  const { scopes, unknown } = parseScopes(body.scopes ?? []);
  for (const scope of unknown) errors.add('scopes', `Unknown scope: ${scope}.`);
  const allowedIps: string[] = [];
  for (const entry of body.allowed_ips ?? []) {
    const normal = normaliseAllowedIp(entry);
    if (normal === null) errors.add('allowed_ips', `Not an IP address or CIDR network: ${entry}.`);
    else if (!allowedIps.includes(normal)) allowedIps.push(normal);
  }
  if (allowedIps.length > MAX_ALLOWED_IPS) errors.add('allowed_ips', `At most ${MAX_ALLOWED_IPS} addresses or networks.`);
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && !(expiresAt.getTime() > now)) errors.add('expires_at', 'The expiry must be in the future.');
  return { description, scopes, allowedIps, expiresAt };
}

/** A key as the API shows it (never its hash). */
export function apiKeyView(row: ApiKeyRow, now = Date.now()): ApiKey {
  return {
    identifier: row.identifier,
    description: row.description,
    scopes: row.scopes,
    allowed_ips: row.allowedIps,
    expires_at: row.expiresAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= now,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_used_ip: row.lastUsedIp,
  };
}
