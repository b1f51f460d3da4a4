import type { OAuthProviderRow } from '../../../db/schema';
import { FieldErrors } from '../../../lib/fieldErrors';
import { oauthProviderKinds, type OAuthProviderKind } from '../../../schemas/oauthAdmin';
import { BUILT_IN, ID_PATTERN, isAcceptableIssuer, RESERVED_IDS } from './oauthSettings';

/** What the admin API may send for a provider (checked here, whatever the schema let through). */
export interface OAuthProviderInput {
  id?: unknown;
  kind?: unknown;
  name?: unknown;
  client_id?: unknown;
  client_secret?: unknown;
  issuer?: unknown;
  enabled?: unknown;
}

/** A provider's fields once checked, in the database's terms (absent: unchanged). */
export interface OAuthProviderFields {
  id: string;
  kind: OAuthProviderKind;
  name: string;
  clientId: string;
  clientSecret: string;
  issuer: string | null;
  enabled: boolean;
}

export const providerFieldMessages = {
  id: 'Use a-z, 0-9 and -, starting with a letter (at most 32 characters).',
  reserved: 'This id is reserved, choose another.',
  inSettings: 'A provider of the panel’s settings (PANEL_OAUTH_PROVIDERS) uses this id.',
  taken: 'A provider with this id exists.',
  kind: 'Choose discord, google, github or oidc.',
  issuerRequired: 'An OpenID Connect provider needs its issuer (the discovery base URL).',
  issuerInvalid: 'Enter an https URL (http only for a provider on this machine: localhost or 127.0.0.1).',
  issuerNotAllowed: 'Only an OpenID Connect provider (kind oidc) has an issuer; Discord, Google and GitHub use their published endpoints.',
  required: 'This field is required',
} as const;

const isKind = (value: unknown): value is OAuthProviderKind => typeof value === 'string' && (oauthProviderKinds as readonly string[]).includes(value);
const trimmed = (value: unknown): string | null => (typeof value === 'string' ? value.trim() : null);

/**
 * Checks a new provider (`row` null: id, kind, client_id and client_secret are required) or a
 * change to `row` (only what is given). The issuer rule uses the kind after the change: an oidc
 * provider needs an https issuer (http on loopback only, as PANEL_OAUTH_<ID>_ISSUER), the built-in
 * kinds none (a change to one of them drops the stored issuer). An empty name becomes the
 * provider's own name, as in the settings.
 */
export function checkProviderFields(input: OAuthProviderInput, row: OAuthProviderRow | null, errors = new FieldErrors()): { fields: Partial<OAuthProviderFields>; errors: FieldErrors } {
  const fields: Partial<OAuthProviderFields> = {};
  const given = (key: keyof OAuthProviderInput) => input[key] !== undefined && !errors.has(key);
  const required = (key: keyof OAuthProviderInput) => {
    if (row === null && input[key] === undefined && !errors.has(key)) errors.add(key, providerFieldMessages.required);
    return given(key);
  };

  if (row === null && required('id')) {
    const id = trimmed(input.id)?.toLowerCase() ?? '';
    if (!ID_PATTERN.test(id)) errors.add('id', providerFieldMessages.id);
    else if (RESERVED_IDS.has(id)) errors.add('id', providerFieldMessages.reserved);
    else fields.id = id;
  }
  if (required('kind')) {
    if (isKind(input.kind)) fields.kind = input.kind;
    else errors.add('kind', providerFieldMessages.kind);
  }
  for (const [key, column, max] of [
    ['client_id', 'clientId', 255],
    ['client_secret', 'clientSecret', 512],
  ] as const) {
    if (!required(key)) continue;
    const value = trimmed(input[key]);
    if (!value) errors.add(key, providerFieldMessages.required);
    else if (value.length > max) errors.add(key, `Must be at most ${max} characters`);
    else fields[column] = value;
  }
  if (given('enabled')) {
    if (typeof input.enabled === 'boolean') fields.enabled = input.enabled;
    else errors.add('enabled', 'Must be true or false');
  }

  const kind = fields.kind ?? (row?.kind as OAuthProviderKind | undefined);
  if (!errors.has('issuer') && kind) {
    const issuer = input.issuer === undefined ? undefined : trimmed(input.issuer) || null;
    if (kind === 'oidc') {
      const effective = issuer === undefined ? (row?.kind === 'oidc' ? row.issuer : null) : issuer;
      if (!effective) errors.add('issuer', providerFieldMessages.issuerRequired);
      else if (!isAcceptableIssuer(effective)) errors.add('issuer', providerFieldMessages.issuerInvalid);
      else if (issuer !== undefined || fields.kind !== undefined) fields.issuer = effective;
    } else if (issuer) errors.add('issuer', providerFieldMessages.issuerNotAllowed);
    else if (row === null || fields.kind !== undefined || issuer === null) fields.issuer = null;
  }

  if (given('name')) {
    const name = trimmed(input.name);
    if (name === null || name.length > 64) errors.add('name', 'Must be at most 64 characters');
    else if (name) fields.name = name;
    else if (kind) fields.name = defaultName(kind, fields.id ?? row?.id ?? '');
  } else if (row === null && kind) fields.name = defaultName(kind, fields.id ?? '');
  return { fields, errors };
}

/** The button's name when the host gives none: Discord, Google, GitHub, or the id. */
const defaultName = (kind: OAuthProviderKind, id: string): string => (kind === 'oidc' ? id : BUILT_IN[kind]);
