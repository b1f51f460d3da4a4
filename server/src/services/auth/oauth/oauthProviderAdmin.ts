import { count, eq } from 'drizzle-orm';
import type { OAuthProviderConfig } from '../../../config/PanelConfig';
import type { Database } from '../../../db/client';
import { linkedIdentities, oauthProviders, type OAuthProviderRow } from '../../../db/schema';
import { HttpError, notFound } from '../../../lib/errors';
import { FieldErrors } from '../../../lib/fieldErrors';
import { uniqueViolation } from '../../../lib/uniqueViolation';
import type { AdminOAuthProvider, OAuthProviderKind } from '../../../schemas/oauthAdmin';
import { checkProviderFields, providerFieldMessages, type OAuthProviderFields, type OAuthProviderInput } from './oauthProviderFields';
import type { OAuthProviders } from './oauthProviders';
import { findStoredProviderRow, listStoredProviderRows, sealClientSecret } from './storedProviders';

/** What managing providers needs: the database, the panel secret that seals client secrets, and the live provider set. */
export interface OAuthProviderAdminContext {
  db: Database;
  panelSecret: string;
  providers: OAuthProviders;
}

export const settingsProviderMessage = 'This provider comes from the panel’s settings (PANEL_OAUTH_*): change or remove it there and restart the panel.';

async function linkCounts(db: Database): Promise<Map<string, number>> {
  const rows = await db.select({ provider: linkedIdentities.provider, n: count() }).from(linkedIdentities).groupBy(linkedIdentities.provider);
  return new Map(rows.map((row) => [row.provider, row.n]));
}

const fromSettings = (provider: OAuthProviderConfig, links: Map<string, number>): AdminOAuthProvider => ({
  id: provider.id,
  kind: provider.kind,
  name: provider.name,
  client_id: provider.clientId,
  has_client_secret: true,
  issuer: provider.issuer ?? null,
  enabled: true,
  source: 'settings',
  linked_accounts: links.get(provider.id) ?? 0,
  created_at: null,
  updated_at: null,
});

const fromRow = (row: OAuthProviderRow, links: Map<string, number>): AdminOAuthProvider => ({
  id: row.id,
  kind: row.kind as OAuthProviderKind,
  name: row.name,
  client_id: row.clientId,
  has_client_secret: row.clientSecretSealed !== '',
  issuer: row.issuer,
  enabled: row.enabled,
  source: 'admin',
  linked_accounts: links.get(row.id) ?? 0,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * Every provider: the settings' first, then those of the admin area. A stored provider whose id
 * the settings took later is hidden behind it (the settings win everywhere).
 */
export async function listAdminProviders(context: OAuthProviderAdminContext): Promise<AdminOAuthProvider[]> {
  const [rows, links] = await Promise.all([listStoredProviderRows(context.db), linkCounts(context.db)]);
  const settings = context.providers.fromSettings();
  const taken = new Set(settings.map((provider) => provider.id));
  return [...settings.map((provider) => fromSettings(provider, links)), ...rows.filter((row) => !taken.has(row.id)).map((row) => fromRow(row, links))];
}

/** One provider by id; 404 when there is none. */
export async function getAdminProvider(context: OAuthProviderAdminContext, id: string): Promise<AdminOAuthProvider> {
  const found = (await listAdminProviders(context)).find((provider) => provider.id === id);
  if (!found) throw notFound('Provider');
  return found;
}

/** The stored provider a change or removal is for: 409 for one of the settings, 404 when unknown. */
async function requireStored(context: OAuthProviderAdminContext, id: string): Promise<OAuthProviderRow> {
  if (context.providers.fromSettings().some((provider) => provider.id === id)) throw new HttpError(409, settingsProviderMessage);
  const row = await findStoredProviderRow(context.db, id);
  if (!row) throw notFound('Provider');
  return row;
}

/** Adds a provider (422 naming every bad field); it is offered at once when enabled. */
export async function createAdminProvider(context: OAuthProviderAdminContext, input: OAuthProviderInput, schemaErrors = new FieldErrors()): Promise<AdminOAuthProvider> {
  const { fields, errors } = checkProviderFields(input, null, schemaErrors);
  if (fields.id && context.providers.fromSettings().some((provider) => provider.id === fields.id)) errors.add('id', providerFieldMessages.inSettings);
  else if (fields.id && (await findStoredProviderRow(context.db, fields.id))) errors.add('id', providerFieldMessages.taken);
  errors.throwIfAny();
  // Every required field passed its check (or the 422 above was thrown).
  const { id, kind, name, clientId, clientSecret } = fields as OAuthProviderFields;
  try {
    await context.db
      .insert(oauthProviders)
      .values({ id, kind, name, clientId, clientSecretSealed: sealClientSecret(context.panelSecret, id, clientSecret), issuer: fields.issuer ?? null, enabled: fields.enabled ?? true });
  } catch (error) {
    // Two admins adding the same id at once: the primary key decides.
    if (uniqueViolation(error)) errors.add('id', providerFieldMessages.taken).throwIfAny();
    throw error;
  }
  context.providers.forget(id);
  return getAdminProvider(context, id);
}

/** Changes a provider of the admin area (only the fields given; an absent secret stays). */
export async function updateAdminProvider(context: OAuthProviderAdminContext, id: string, input: OAuthProviderInput, schemaErrors = new FieldErrors()): Promise<AdminOAuthProvider> {
  const row = await requireStored(context, id);
  // The id is not a field of a change (the schema refuses it): linked identities refer to it.
  const { fields, errors } = checkProviderFields(input, row, schemaErrors);
  errors.throwIfAny();
  const { clientSecret, ...rest } = fields;
  const columns: Partial<typeof oauthProviders.$inferInsert> = { ...rest, updatedAt: new Date() };
  if (clientSecret !== undefined) columns.clientSecretSealed = sealClientSecret(context.panelSecret, id, clientSecret);
  await context.db.update(oauthProviders).set(columns).where(eq(oauthProviders.id, id));
  context.providers.forget(id);
  return getAdminProvider(context, id);
}

/**
 * Removes a provider of the admin area. Accounts that linked it keep their link (re-adding the
 * same id with the same provider brings sign-in back); sign-in through it is no longer offered,
 * and it stops counting as a way in, so such an account logs in with its password, a passkey or
 * another provider (or sets a password through "Forgot password").
 */
export async function deleteAdminProvider(context: OAuthProviderAdminContext, id: string): Promise<void> {
  await requireStored(context, id);
  await context.db.delete(oauthProviders).where(eq(oauthProviders.id, id));
  context.providers.forget(id);
}
