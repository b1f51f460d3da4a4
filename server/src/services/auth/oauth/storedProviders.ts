import { asc, eq } from 'drizzle-orm';
import type { OAuthProviderConfig } from '../../../config/PanelConfig';
import type { Database } from '../../../db/client';
import { oauthProviders, type OAuthProviderRow } from '../../../db/schema';
import { openSecret, sealSecret } from '../../../lib/secretBox';
import type { OAuthProviderKind } from '../../../schemas/oauthAdmin';

/** The sealing purpose of a provider's client secret: bound to its id, so a sealed value cannot be moved to another row. */
const secretPurpose = (id: string) => `oauth-client-secret:${id}`;

export const sealClientSecret = (panelSecret: string, id: string, secret: string): string => sealSecret(panelSecret, secretPurpose(id), secret);

/** Every provider added in the admin area, oldest first. */
export const listStoredProviderRows = (db: Database): Promise<OAuthProviderRow[]> => db.select().from(oauthProviders).orderBy(asc(oauthProviders.createdAt), asc(oauthProviders.id));

export async function findStoredProviderRow(db: Database, id: string): Promise<OAuthProviderRow | null> {
  const [row] = await db.select().from(oauthProviders).where(eq(oauthProviders.id, id)).limit(1);
  return row ?? null;
}

/**
 * The enabled providers of the admin area as social login uses them (secrets opened). One whose
 * secret cannot be opened (the panel secret changed) is left out and logged, not offered broken.
 */
export async function enabledStoredProviders(db: Database, panelSecret: string, log: (message: string, error: unknown) => void): Promise<OAuthProviderConfig[]> {
  const rows = await db.select().from(oauthProviders).where(eq(oauthProviders.enabled, true)).orderBy(asc(oauthProviders.createdAt), asc(oauthProviders.id));
  return rows.flatMap((row) => {
    try {
      const clientSecret = openSecret(panelSecret, secretPurpose(row.id), row.clientSecretSealed);
      return [{ id: row.id, kind: row.kind as OAuthProviderKind, name: row.name, clientId: row.clientId, clientSecret, issuer: row.issuer ?? undefined }];
    } catch (error) {
      log(`Social login "${row.id}": its client secret cannot be opened with the panel secret; enter it again in the admin area`, error);
      return [];
    }
  });
}
