import { Type, type Static, type TSchema } from 'typebox';
import { AdminUserSchema } from './admin';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** One entry of the panel-wide admin audit log. */
export const AdminAuditEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
    actor: Nullable(Type.String({ description: 'Username of the admin whose session acted' })),
    key: Nullable(Type.String({ description: 'Identifier of the admin key that acted' })),
    ip: Nullable(Type.String()),
    event: Type.String({ description: 'The admin operation (e.g. suspendAdminServer), or admin.denied for a refused attempt' }),
    method: Type.String(),
    path: Type.String(),
    target_type: Nullable(Type.String()),
    target: Nullable(Type.String()),
    status: Type.Integer(),
    properties: Type.Record(Type.String(), Type.Unknown()),
  },
  { additionalProperties: false },
);
export type AdminAuditEntry = Static<typeof AdminAuditEntrySchema>;

export const AdminAuditQuerySchema = Type.Object(
  {
    actor: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Username or admin key identifier' })),
    event: Type.Optional(Type.String({ minLength: 1, maxLength: 96 })),
    target: Type.Optional(Type.String({ minLength: 1, maxLength: 191, description: 'Part of the target’s identifier' })),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
    format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')], { description: 'csv: the same as /admin/audit.csv' })),
  },
  { additionalProperties: false },
);
export type AdminAuditQuery = Static<typeof AdminAuditQuerySchema>;

/** A user in the admin area's list: the admin view plus how many servers they own. */
export const AdminUserListItemSchema = Type.Object({ ...AdminUserSchema.properties, servers: Type.Integer() }, { additionalProperties: false });

export const AdminUserListQuerySchema = Type.Object(
  {
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 254, description: 'Part of the username, email or name' })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  },
  { additionalProperties: false },
);

export const UpdateAdminUserBodySchema = Type.Object(
  {
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    name_first: Type.Optional(Nullable(Type.String({ maxLength: 191 }))),
    name_last: Type.Optional(Nullable(Type.String({ maxLength: 191 }))),
    language: Type.Optional(Type.String({ minLength: 2, maxLength: 8 })),
    root_admin: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateAdminUserBody = Static<typeof UpdateAdminUserBodySchema>;

export const SuspendServerBodySchema = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: 500, description: 'Shown to the customer on the server’s pages' })) },
  { additionalProperties: false },
);

export const AdminServerListQuerySchema = Type.Object(
  {
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 191, description: 'Part of the name, short id, uuid or external id' })),
    owner: Type.Optional(Type.String({ minLength: 1, maxLength: 254, description: 'Username, email or uuid of the owner' })),
    node: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Node name' })),
    game: Type.Optional(Type.String({ minLength: 1, maxLength: 48, description: 'Game slug' })),
    plan: Type.Optional(Type.String({ minLength: 1, maxLength: 48, description: 'Plan slug' })),
    state: Type.Optional(
      Type.Union([
        Type.Literal('running'),
        Type.Literal('starting'),
        Type.Literal('stopping'),
        Type.Literal('offline'),
        Type.Literal('installing'),
        Type.Literal('install_failed'),
        Type.Literal('suspended'),
      ]),
    ),
  },
  { additionalProperties: false },
);
export type AdminServerListQuery = Static<typeof AdminServerListQuerySchema>;
