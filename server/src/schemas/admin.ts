import { Type, type Static, type TSchema } from 'typebox';
import { USERNAME_PATTERN } from './auth';
import { PowerStateSchema } from './servers';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A user as the billing system sees it. */
export const AdminUserSchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    username: Type.String(),
    email: Type.String(),
    name_first: Nullable(Type.String()),
    name_last: Nullable(Type.String()),
    language: Type.String(),
    root_admin: Type.Boolean(),
    use_totp: Type.Boolean({ description: 'Two-factor sign-in is on' }),
    suspended: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type AdminUser = Static<typeof AdminUserSchema>;

/** A server as the billing system sees it. */
export const AdminServerSchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    identifier: Type.String(),
    external_id: Nullable(Type.String()),
    name: Type.String(),
    description: Type.String(),
    owner: Type.Object({ uuid: Type.String(), username: Type.String() }),
    game: Type.String(),
    template: Type.String(),
    plan: Type.String(),
    state: PowerStateSchema,
    install_status: Type.Union([Type.Literal('installing'), Type.Literal('installed'), Type.Literal('install_failed')]),
    install_error: Nullable(Type.String()),
    suspended: Type.Boolean(),
    suspension_reason: Nullable(Type.String({ description: 'Why the host suspended it; the customer sees it' })),
    allocation: Nullable(Type.Object({ ip: Type.String(), port: Type.Integer(), host: Type.String() })),
    node: Type.String({ description: 'Name of the node the server runs on (local: the panel’s own machine)' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type AdminServer = Static<typeof AdminServerSchema>;

export const UserParamsSchema = Type.Object({ user: Type.String({ minLength: 1, maxLength: 254, description: 'uuid, username or email' }) });
export const ServerParamsSchema = Type.Object({ server: Type.String({ minLength: 1, maxLength: 191, description: 'Short id, uuid or external id' }) });

export const CreateUserBodySchema = Type.Object(
  {
    username: Type.String({ minLength: 3, maxLength: 32, pattern: USERNAME_PATTERN }),
    email: Type.String({ format: 'email', maxLength: 254 }),
    password: Type.Optional(Type.String({ minLength: 8, maxLength: 128, description: 'Random when omitted' })),
    name_first: Type.Optional(Type.String({ maxLength: 191 })),
    name_last: Type.Optional(Type.String({ maxLength: 191 })),
    language: Type.Optional(Type.String({ minLength: 2, maxLength: 8 })),
    root_admin: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const CreateServerBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 191 }),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    owner: Type.String({ minLength: 1, maxLength: 254, description: 'uuid, username or email of the owner' }),
    template: Type.String({ minLength: 1, maxLength: 48, description: 'Template slug, e.g. minecraft-flying-squid' }),
    plan: Type.String({ minLength: 1, maxLength: 48, description: 'Plan slug, e.g. minecraft-budget' }),
    variables: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Z][A-Z0-9_]*$' }), Type.String({ maxLength: 256 }))),
    external_id: Type.Optional(Type.String({ minLength: 1, maxLength: 191 })),
    start_on_completion: Type.Optional(Type.Boolean({ description: 'Start the server once installed' })),
    node: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description:
          'Name, uuid or id of the node to create it on (its port comes from that node’s range). When absent the panel places it: on the least used online node, not in maintenance, of `location` (any location when absent), with room for the plan’s memory and disk and a free port; the panel’s own machine counts as a node. 409 when the node given is in maintenance, offline or has no room, or when no node has room.',
      }),
    ),
    location: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Place the server only on nodes of this location (ignored when `node` is given).' })),
  },
  { additionalProperties: false },
);

export const ChangePlanBodySchema = Type.Object({ plan: Type.String({ minLength: 1, maxLength: 48 }) }, { additionalProperties: false });
