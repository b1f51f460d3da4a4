import type { Database } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { userHasPasskeys } from '../passkeys';
import { hasPassword, listLinkedIdentities } from './linkedIdentities';
import type { OAuthProviders } from './oauthProviders';

/**
 * Whether the account keeps a way to log in once `provider` is unlinked: its password, a passkey
 * (it logs in alone), or another linked provider that is still offered (one the host disabled or
 * removed opens nothing, so it does not count).
 */
export async function keepsAWayIn(db: Database, providers: OAuthProviders, user: UserRow, provider: string): Promise<boolean> {
  if (hasPassword(user)) return true;
  if (await userHasPasskeys(db, user.id)) return true;
  const [links, offered] = await Promise.all([listLinkedIdentities(db, user.id), providers.list()]);
  const offeredIds = new Set(offered.map((entry) => entry.id));
  return links.some((link) => link.provider !== provider && offeredIds.has(link.provider));
}
