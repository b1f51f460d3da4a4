import { Type, type Static, type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A port of a server. */
export const ServerPortSchema = Type.Object(
  {
    id: Type.Integer(),
    ip: Type.String({ description: 'Address the game listens on' }),
    port: Type.Integer(),
    host: Type.String({ description: 'Address players connect to (with the port)' }),
    primary: Type.Boolean({ description: 'The game’s main port; a change takes effect at the next start' }),
    purpose: Nullable(Type.String({ description: 'What the game needs it for (query, rcon …); such ports cannot be removed' })),
    notes: Nullable(Type.String()),
  },
  { $id: 'ServerPort', additionalProperties: false },
);
export type ServerPortJson = Static<typeof ServerPortSchema>;
export const ServerPortRef = Type.Unsafe<ServerPortJson>(Type.Ref('ServerPort'));

/** The server's name under one of the host's zones. */
export const ServerSubdomainSchema = Type.Object(
  {
    label: Type.String(),
    zone: Type.String(),
    address: Type.String({ description: 'What players type: <label>.<zone>' }),
    srv_record: Type.String({ description: 'The SRV record’s name: _minecraft._tcp.<address>' }),
  },
  { $id: 'ServerSubdomain', additionalProperties: false },
);
export type ServerSubdomainJson = Static<typeof ServerSubdomainSchema>;
export const ServerSubdomainRef = Type.Unsafe<ServerSubdomainJson>(Type.Ref('ServerSubdomain'));

export const ServerNetworkSchema = Type.Object({
  data: Type.Object({
    host: Type.String({ description: 'The node’s public address' }),
    ports: Type.Array(ServerPortRef),
    extra_ports: Type.Object({ limit: Type.Integer({ description: 'The plan’s number of extra ports' }), used: Type.Integer() }),
    subdomain: Nullable(ServerSubdomainRef),
    zones: Type.Array(Type.String(), { description: 'Zones a subdomain can be under; empty: the host has not set up DNS' }),
  }),
});

export const AllocationParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 36, description: 'Short id or uuid of the server' }),
  allocation: Type.String({ minLength: 1, maxLength: 16, description: 'Id of the port' }),
});

export const UpdateAllocationBodySchema = Type.Object({ notes: Nullable(Type.String({ maxLength: 255, description: 'Empty or null removes the note' })) }, { additionalProperties: false });

export const SubdomainBodySchema = Type.Object(
  {
    label: Type.String({ maxLength: 63, description: 'An RFC 1123 label (a-z, 0-9, hyphens), not reserved' }),
    zone: Type.String({ maxLength: 253, description: 'One of the zones the network answer lists' }),
  },
  { additionalProperties: false },
);
