import { Type, type Static } from 'typebox';
import { MessageSchema } from '../lib/responseSchemas';

/** A customer's database as the API shows it (never with its password). */
export const ServerDatabaseSchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    name: Type.String({ description: 'Full name on the host: s<server id>_<name>' }),
    username: Type.String({ description: 'The database user; it may use this database only' }),
    host: Type.String({ description: 'Address to connect to' }),
    port: Type.Integer(),
    connections_from: Type.String({ description: 'Where the user may connect from (% = anywhere)' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'ServerDatabase', additionalProperties: false },
);
export type ServerDatabaseJson = Static<typeof ServerDatabaseSchema>;
export const ServerDatabaseRef = Type.Unsafe<ServerDatabaseJson>(Type.Ref('ServerDatabase'));

/** The list with the plan's limit and whether the host set up databases at all. */
export const ServerDatabaseListSchema = Type.Object({
  data: Type.Array(ServerDatabaseRef),
  meta: Type.Object({
    limit: Type.Integer({ description: 'The plan’s number of databases' }),
    available: Type.Boolean({ description: 'Whether the host’s admin set up a database host for this server (false: nothing can be created)' }),
  }),
});

/** Creation and rotation answer with the new password, shown once (null without database.view_password). */
export const ServerDatabaseWithPasswordSchema = Type.Object({
  data: Type.Object({
    database: ServerDatabaseRef,
    password: Type.Union([Type.String(), Type.Null()], { description: 'The new password; null when the caller lacks database.view_password' }),
  }),
});

export const DatabasePasswordSchema = Type.Object({ data: Type.Object({ password: Type.String() }) });

export const ServerDatabaseParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 36, description: 'Short id or uuid of the server' }),
  database: Type.String({ minLength: 1, maxLength: 64, description: 'Uuid of the database' }),
});

export const CreateServerDatabaseBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 48, pattern: '^[A-Za-z0-9_]+$', description: 'Letters, digits and _; the panel adds the prefix s<server id>_' }),
    connections_from: Type.Optional(Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9.:%_-]+$', description: 'Where the user may connect from; default % (anywhere)' })),
  },
  { additionalProperties: false },
);
export type CreateServerDatabaseBody = Static<typeof CreateServerDatabaseBodySchema>;

/** 503: the database host is down or refused (a clear message; nothing was changed). */
export const HostUnavailableSchema = Type.Object(MessageSchema.properties, { description: 'The database host cannot be reached or refused; nothing was changed' });

/** A database host as the admin API shows it (never with the admin's password). */
export const DatabaseHostSchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    name: Type.String(),
    host: Type.String(),
    port: Type.Integer(),
    username: Type.String({ description: 'The admin account the panel uses' }),
    node: Type.String({ description: 'Name of the node whose servers get databases here' }),
    databases: Type.Integer({ description: 'Customers’ databases on this host' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type DatabaseHostJson = Static<typeof DatabaseHostSchema>;

export const CreateDatabaseHostBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64, description: 'A name for the admin (unique)' }),
    host: Type.String({ minLength: 1, maxLength: 253, description: 'Host name or IP address of the MariaDB/MySQL server' }),
    port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, description: 'Default 3306' })),
    username: Type.String({ minLength: 1, maxLength: 80, description: 'An account that may create databases and users and grant on them (WITH GRANT OPTION)' }),
    password: Type.String({ minLength: 1, maxLength: 255, description: 'Stored encrypted with the panel secret; never answered' }),
    node: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Node name or uuid; default the local node' })),
  },
  { additionalProperties: false },
);
export type CreateDatabaseHostBody = Static<typeof CreateDatabaseHostBodySchema>;

export const DatabaseHostParamsSchema = Type.Object({ host: Type.String({ minLength: 1, maxLength: 64, description: 'Name or uuid of the database host' }) });
