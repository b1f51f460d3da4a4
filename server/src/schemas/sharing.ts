import { Type, type Static, type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const PermissionList = Type.Array(Type.String({ maxLength: 64, description: 'A permission key such as control.console' }), {
  maxItems: 200,
  description: 'Permission keys (see GET /permissions)',
});

const RoleRefSchema = Type.Object({ uuid: Type.String({ format: 'uuid' }), name: Type.String() }, { additionalProperties: false });

/** A person a server is shared with, or a pending invitation of an email address. */
export const SubuserSchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid', description: 'Id of the share (the {subuser} of these routes)' }),
    email: Type.String(),
    username: Nullable(Type.String({ description: 'null while the invitation is pending' })),
    user_uuid: Nullable(Type.String({ format: 'uuid', description: "The account (the audit log's actor); null while the invitation is pending" })),
    status: Type.Union([Type.Literal('active'), Type.Literal('pending')]),
    role: Nullable(RoleRefSchema),
    permissions: Type.Array(Type.String(), { description: 'Effective keys: the role’s when a role is set, else the explicit ones' }),
    last_active_at: Nullable(Type.String({ format: 'date-time' })),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Subuser', additionalProperties: false },
);
export type SubuserJson = Static<typeof SubuserSchema>;
export const SubuserRef = Type.Unsafe<SubuserJson>(Type.Ref('Subuser'));

/** A built-in or custom role. */
export const RoleSchema = Type.Object(
  {
    uuid: Nullable(Type.String({ format: 'uuid', description: 'null for built-in roles' })),
    key: Nullable(Type.Union([Type.Literal('viewer'), Type.Literal('moderator'), Type.Literal('admin')], { description: 'Built-in roles only' })),
    name: Type.String(),
    description: Type.String(),
    permissions: Type.Array(Type.String()),
    built_in: Type.Boolean({ description: 'Built-in roles cannot be changed; copy them into a custom role' }),
    members: Type.Integer({
      description: 'Shares using the role (built-in roles: shares whose explicit keys are exactly the role’s)',
    }),
  },
  { $id: 'Role', additionalProperties: false },
);
export type RoleJson = Static<typeof RoleSchema>;
export const RoleRef = Type.Unsafe<RoleJson>(Type.Ref('Role'));

/** One entry of a server's audit log. */
export const ActivityEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    event: Type.String({ description: 'e.g. server.power.start, server.subuser.created' }),
    actor: Nullable(Type.Object({ uuid: Type.String({ format: 'uuid' }), username: Type.String() }, { additionalProperties: false })),
    ip: Nullable(Type.String()),
    properties: Type.Record(Type.String(), Type.Unknown(), { description: 'What happened; never holds a secret' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'ActivityEntry', additionalProperties: false },
);
export type ActivityEntryJson = Static<typeof ActivityEntrySchema>;
export const ActivityEntryRef = Type.Unsafe<ActivityEntryJson>(Type.Ref('ActivityEntry'));

/** A pending invitation addressed to the caller's email. */
export const InvitationSchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    server: Type.Object({ identifier: Type.String(), name: Type.String() }, { additionalProperties: false }),
    invited_by: Nullable(Type.Object({ username: Type.String() }, { additionalProperties: false })),
    role: Nullable(RoleRefSchema),
    permissions: Type.Array(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    expires_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Invitation', additionalProperties: false },
);
export type InvitationJson = Static<typeof InvitationSchema>;
export const InvitationRef = Type.Unsafe<InvitationJson>(Type.Ref('Invitation'));

const Id = Type.String({ minLength: 1, maxLength: 36, description: 'Short id or uuid of the server' });
const ResourceId = Type.String({ minLength: 1, maxLength: 64 });

export const SubuserParamsSchema = Type.Object({ id: Id, subuser: ResourceId });
export const RoleParamsSchema = Type.Object({ id: Id, role: ResourceId });

export const CreateSubuserBodySchema = Type.Object(
  {
    email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
    role_uuid: Type.Optional(Type.String({ format: 'uuid', description: 'A custom role of this server' })),
    permissions: Type.Optional(PermissionList),
  },
  { description: 'Exactly one of role_uuid and permissions' },
);
export type CreateSubuserBody = Static<typeof CreateSubuserBodySchema>;

export const UpdateSubuserBodySchema = Type.Object(
  { role_uuid: Type.Optional(Type.String({ format: 'uuid' })), permissions: Type.Optional(PermissionList) },
  { description: 'Exactly one of role_uuid and permissions' },
);
export type UpdateSubuserBody = Static<typeof UpdateSubuserBodySchema>;

export const CreateRoleBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64 }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  permissions: PermissionList,
});
export type CreateRoleBody = Static<typeof CreateRoleBodySchema>;

export const UpdateRoleBodySchema = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  permissions: Type.Optional(PermissionList),
});
export type UpdateRoleBody = Static<typeof UpdateRoleBodySchema>;

export const DeleteRoleQuerySchema = Type.Object({
  reassign_to: Type.Optional(Type.String({ format: 'uuid', description: 'Custom role that takes over the members of the deleted one' })),
});

export const ActivityQuerySchema = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  actor: Type.Optional(Type.String({ format: 'uuid', description: 'Only actions of this user' })),
  event: Type.Optional(Type.String({ minLength: 1, maxLength: 96, description: 'Event prefix, e.g. server.power' })),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'From this moment (inclusive)' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Until this moment (inclusive)' })),
});
export type ActivityQuery = Static<typeof ActivityQuerySchema>;

export const ActivityExportQuerySchema = Type.Omit(ActivityQuerySchema, ['page', 'per_page']);
export type ActivityExportQuery = Static<typeof ActivityExportQuerySchema>;

export const AcceptInvitationBodySchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 256 }) });

/** Declining needs the mailed token, or the uuid of an invitation addressed to the caller's email. */
export const DeclineInvitationBodySchema = Type.Object({
  token: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'The token from the invitation mail' })),
  uuid: Type.Optional(Type.String({ format: 'uuid', description: 'An invitation addressed to the caller’s email (GET /account/invitations)' })),
});
