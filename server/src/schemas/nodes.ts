import { Type, type Static } from 'typebox';

/** What a node's state can be: its engine answers, does not, or the admin holds new servers off it. */
export const nodeStates = ['online', 'offline', 'maintenance'] as const;
export type NodeState = (typeof nodeStates)[number];

/** A node as the admin API and the CLI show it: never its TLS material, only whether it has some. */
export const NodeSchema = Type.Object(
  {
    id: Type.Integer(),
    uuid: Type.String({ format: 'uuid' }),
    name: Type.String(),
    location: Type.String(),
    driver: Type.String({ description: '`local` (the panel’s own machine) or `docker`' }),
    docker_host: Type.Union([Type.String(), Type.Null()], { description: 'The engine’s API address (docker nodes)' }),
    tls: Type.Boolean({ description: 'Whether the panel holds TLS certificates for the engine (they are never answered)' }),
    public_host: Type.String({ description: 'The address players connect to' }),
    port_range: Type.String({ description: 'Ports handed out to servers on this node, e.g. 30000-30099' }),
    memory_mb: Type.Union([Type.Integer(), Type.Null()], { description: 'Memory the node may hand out (null: no limit)' }),
    disk_mb: Type.Union([Type.Integer(), Type.Null()], { description: 'Disk the node may hand out (null: no limit)' }),
    maintenance: Type.Boolean(),
    state: Type.Union([Type.Literal('online'), Type.Literal('offline'), Type.Literal('maintenance')], {
      description: 'online, offline (the engine does not answer; noticed within 30 s) or maintenance (no new servers placed there)',
    }),
    servers: Type.Integer({ description: 'Servers on the node' }),
    allocated_memory_mb: Type.Integer({ description: 'Memory of the plans of its servers' }),
    allocated_disk_mb: Type.Integer({ description: 'Disk of the plans of its servers' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type NodeJson = Static<typeof NodeSchema>;

const TlsSchema = Type.Object(
  {
    ca: Type.String({ minLength: 1, maxLength: 20_000, description: 'PEM of the CA that signed the engine’s certificate' }),
    cert: Type.String({ minLength: 1, maxLength: 20_000, description: 'PEM of the panel’s client certificate' }),
    key: Type.String({ minLength: 1, maxLength: 20_000, description: 'PEM of the panel’s client key' }),
  },
  { additionalProperties: false, description: 'Stored encrypted with the panel secret; never answered' },
);

const fields = {
  name: Type.String({ minLength: 1, maxLength: 64, description: 'A unique name (letters, digits, dots, dashes, underscores; not only digits)' }),
  location: Type.String({ maxLength: 64, description: 'Where the machine is (a data centre, a city)' }),
  driver: Type.String({ minLength: 1, maxLength: 32, description: 'docker' }),
  docker_host: Type.String({ minLength: 1, maxLength: 255, description: 'unix:///var/run/docker.sock, or tcp://HOST:PORT with tls' }),
  tls: Type.Union([TlsSchema, Type.Null()]),
  public_host: Type.String({ minLength: 1, maxLength: 64, description: 'IP address of the node the servers’ ports are published on' }),
  port_range: Type.String({ minLength: 1, maxLength: 11, description: 'e.g. 30000-30099' }),
  // At least 1, checked by the service: a 0 failing here would be coerced to null (no limit) by the null branch.
  memory_mb: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'MiB the node may hand out (null: no limit)' }),
  disk_mb: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'MiB the node may hand out (null: no limit)' }),
  maintenance: Type.Boolean({ description: 'true: no new servers are placed on the node' }),
};

export const CreateNodeBodySchema = Type.Object(
  {
    name: fields.name,
    location: Type.Optional(fields.location),
    driver: fields.driver,
    docker_host: fields.docker_host,
    tls: Type.Optional(fields.tls),
    public_host: fields.public_host,
    port_range: fields.port_range,
    memory_mb: Type.Optional(fields.memory_mb),
    disk_mb: Type.Optional(fields.disk_mb),
    maintenance: Type.Optional(fields.maintenance),
  },
  { additionalProperties: false },
);
export type CreateNodeBody = Static<typeof CreateNodeBodySchema>;

export const UpdateNodeBodySchema = Type.Partial(Type.Omit(CreateNodeBodySchema, ['driver']), { additionalProperties: false });
export type UpdateNodeBody = Static<typeof UpdateNodeBodySchema>;

export const NodeParamsSchema = Type.Object({ node: Type.String({ minLength: 1, maxLength: 64, description: 'Name, uuid or id of the node' }) });
