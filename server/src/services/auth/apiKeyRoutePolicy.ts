import { scopedPermissions } from './apiKeyScopes';

/** Account and sign-in calls an API key may make; every other one under /account and /auth is for sessions only. */
const KEY_USABLE_ACCOUNT_CALLS = new Set([
  'GET /api/v2/auth/current',
  'PATCH /api/v2/account',
  'GET /api/v2/account/invitations',
  'POST /api/v2/account/invitations/accept',
  'POST /api/v2/account/invitations/decline',
  'POST /api/v2/account/invitations/lookup',
]);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The texts of the refusals, in one place so tests and clients see the same words. */
export const apiKeyRefusals = {
  admin: 'API keys cannot be used on the admin API.',
  accountDoors:
    'API keys cannot manage API keys, SSH keys, passkeys, linked accounts, sessions, the password, the email address or two-factor authentication, nor delete the account. Log in to the panel to do this.',
  scopedAccount: 'This API key is limited to its scopes, which only cover actions on servers. Use a key without scopes to change the account.',
  address: (ip: string) => `This API key may not be used from your address (${ip}).`,
  scope: (permission: string) => `This API key's scopes do not include the permission ${permission}.`,
} as const;

/** What the policy needs to know of a request. */
export interface KeyedCall {
  method: string;
  /** The route's pattern, e.g. `/api/v2/account/api-keys/:key`. */
  url: string;
  /** Whether the route is server-scoped (its permission is checked against the key's scopes there). */
  serverScoped: boolean;
  scopes: readonly string[];
}

/**
 * Why an API key may not make this call at all, or null. The doors into the account's sign-in
 * (keys, passwords, two-factor ...) stay closed to keys, so a leaked key cannot make itself
 * permanent or take the account over; a key is never an admin credential; and a scoped key
 * changes nothing outside the servers its scopes cover.
 */
export function apiKeyCallRefusal({ method, url, serverScoped, scopes }: KeyedCall): string | null {
  const path = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  if (path === '/api/v2/admin' || path.startsWith('/api/v2/admin/')) return apiKeyRefusals.admin;
  const accountCall = /^\/api\/v2\/(account|auth)(\/|$)/.test(path);
  if (accountCall && !KEY_USABLE_ACCOUNT_CALLS.has(`${method === 'HEAD' ? 'GET' : method} ${path}`)) return apiKeyRefusals.accountDoors;
  if (!serverScoped && !SAFE_METHODS.has(method) && scopedPermissions(scopes) !== null) return apiKeyRefusals.scopedAccount;
  return null;
}
