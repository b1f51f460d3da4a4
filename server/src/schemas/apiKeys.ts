import { Type, type Static } from 'typebox';

export const ApiKeySchema = Type.Object(
  {
    identifier: Type.String({ description: 'The public beginning of the key (its prefix included): names the key in listings and addresses' }),
    description: Type.String(),
    scopes: Type.Array(Type.String(), { description: 'Permission keys and `read-only`; empty means everything the user may do' }),
    allowed_ips: Type.Array(Type.String(), { description: 'Addresses and CIDR networks the key may be used from; empty means any' }),
    expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    expired: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
    last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    last_used_ip: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'ApiKey' },
);
export type ApiKey = Static<typeof ApiKeySchema>;

const ApiKeyRef = Type.Unsafe<ApiKey>(Type.Ref('ApiKey'));

export const ApiKeysResponseSchema = Type.Object({ data: Type.Array(ApiKeyRef) });

export const CreateApiKeyBodySchema = Type.Object(
  {
    description: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Optional(
      Type.Array(Type.String({ maxLength: 64 }), {
        maxItems: 200,
        description: 'Permission keys (e.g. `control.start`, `file.read`) and `read-only` (every `*.read` key); empty or absent means everything the user may do',
      }),
    ),
    allowed_ips: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { description: 'IPv4/IPv6 addresses or CIDR networks; empty or absent means any address' })),
    expires_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the key stops working; null or absent for never' })),
  },
  { additionalProperties: false },
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBodySchema>;

export const CreatedApiKeyResponseSchema = Type.Object({
  data: Type.Object({ key: ApiKeyRef, token: Type.String({ description: 'The key itself: shown this once, stored only as its hash' }) }),
});

export const ApiKeyParamsSchema = Type.Object({ key: Type.String({ minLength: 1, maxLength: 16, description: 'The key’s identifier' }) });
