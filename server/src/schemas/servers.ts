import { Type, type Static, type TSchema } from 'typebox';
import { planLimitProperties } from './plans';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Power states as the API names them. */
export const PowerStateSchema = Type.Union(
  [Type.Literal('offline'), Type.Literal('starting'), Type.Literal('running'), Type.Literal('stopping'), Type.Literal('node_offline'), Type.Literal('transferring')],
  {
    description:
      'offline → starting → running → stopping → offline. node_offline: the panel cannot reach the machine (node) the server runs on; nothing is lost, power actions answer 409 until the node is back. transferring: the server is being moved to another node (its address changes when done).',
  },
);

export const PlayerCountSchema = Type.Object(
  {
    online: Type.Integer(),
    max: Type.Integer(),
    sample: Type.Array(Type.String(), { description: 'Names of (some of) the players online' }),
  },
  { additionalProperties: false },
);

/** Resource use with the plan's limits: GET …/resources and the socket's `stats` event. */
export const ServerResourcesSchema = Type.Object(
  {
    state: PowerStateSchema,
    cpu_absolute: Type.Number({ description: 'CPU use in percent of one core' }),
    cpu_limit: Type.Integer({ description: 'Plan CPU in percent of one core' }),
    cpu_limited: Type.Boolean({ description: 'Whether the server was held back to its plan CPU limit during the last sample period' }),
    memory_bytes: Type.Integer(),
    memory_limit_bytes: Type.Integer(),
    disk_bytes: Type.Integer(),
    disk_limit_bytes: Type.Integer(),
    network_rx_bytes: Nullable(Type.Integer({ description: 'Bytes received on the server ports since it started (null: not measured)' })),
    network_tx_bytes: Nullable(Type.Integer({ description: 'Bytes sent on the server ports since it started (null: not measured)' })),
    network_protocol: Type.Union([Type.Literal('tcp'), Type.Literal('udp')], {
      description: 'Protocol of the game port; the traffic of UDP games is not measured',
    }),
    uptime_ms: Type.Integer(),
    players: Nullable(PlayerCountSchema),
    isolation: Type.Object(
      {
        sandboxed: Type.Boolean({
          description: 'The server runs in its sandbox (own user, own file system view, own namespaces); false only where the host allows unsandboxed servers',
        }),
        kernel_limits: Type.Boolean({
          description: 'The kernel holds the memory, CPU and process limits (a cgroup); false: CPU held by pausing the server and memory checked by polling',
        }),
        host_network_blocked: Type.Boolean({ description: "The server cannot open connections to the host's own addresses (the panel, loopback services)" }),
        kernel_disk_quota: Type.Boolean({
          description: 'The kernel holds the disk quota (a file system of its own, the size of the plan); false: the panel checks the disk use every few seconds, so a game may briefly write more',
        }),
      },
      { additionalProperties: false, description: 'How the server is kept apart from the host (for a running server, its process; else what its next start gets)' },
    ),
  },
  { $id: 'ServerResources', additionalProperties: false },
);
export type ServerResourcesJson = Static<typeof ServerResourcesSchema>;

export const PlanLimitsSchema = Type.Object(planLimitProperties(), { additionalProperties: false });

/** A game server as its owner (or someone it is shared with) sees it. */
export const ServerSchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    identifier: Type.String({ description: 'Short id (8 characters) used in URLs' }),
    name: Type.String(),
    description: Type.String(),
    is_owner: Type.Boolean(),
    owner: Type.Object({ uuid: Type.String({ format: 'uuid' }), username: Type.String() }, { additionalProperties: false }),
    game: Type.Object({ slug: Type.String({ description: 'minecraft, rust, terraria, ark or palworld' }), name: Type.String() }, { additionalProperties: false }),
    template: Type.Object({ slug: Type.String(), name: Type.String() }, { additionalProperties: false }),
    plan: Type.Object({ slug: Type.String(), name: Type.String(), tier: Type.String({ description: 'budget or premium' }), limits: PlanLimitsSchema }, { additionalProperties: false }),
    node: Type.String(),
    allocation: Nullable(Type.Object({ ip: Type.String(), port: Type.Integer(), host: Type.String({ description: 'Address players connect to' }) }, { additionalProperties: false })),
    state: PowerStateSchema,
    status: Nullable(
      Type.Union([Type.Literal('installing'), Type.Literal('install_failed'), Type.Literal('suspended')], {
        description: 'Why the server cannot run right now (null: it can)',
      }),
    ),
    install_error: Nullable(Type.String({ description: 'The reason of a failed install' })),
    suspended: Type.Boolean(),
    suspension_reason: Nullable(Type.String({ description: 'Why the host suspended the server (null: no reason given or not suspended)' })),
    sleeping: Type.Boolean({ description: 'Stopped, with the panel answering on its port to start it when someone joins' }),
    permissions: Type.Array(Type.String(), { description: 'Permission keys the caller holds on this server' }),
    sftp: Type.Optional(
      Type.Object(
        { host: Type.String(), port: Type.Integer(), username: Type.String({ description: '<panel username>.<server identifier>' }) },
        {
          additionalProperties: false,
          description: 'Where the caller reaches the server’s files over SFTP (GET of one server, when SFTP runs and the caller holds file.sftp)',
        },
      ),
    ),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Server', additionalProperties: false },
);
export type ServerJson = Static<typeof ServerSchema>;

export const ServerRef = Type.Unsafe<ServerJson>(Type.Ref('Server'));
export const ServerResourcesRef = Type.Unsafe<ServerResourcesJson>(Type.Ref('ServerResources'));

export const ServerParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 36, description: 'Short id or uuid' }) });

export const PowerBodySchema = Type.Object({
  signal: Type.Union([Type.Literal('start'), Type.Literal('stop'), Type.Literal('restart'), Type.Literal('kill')]),
});

export const CommandBodySchema = Type.Object({
  command: Type.String({ minLength: 1, maxLength: 1024, pattern: '^[^\\r\\n]*$', description: 'One console line, without a leading slash' }),
});
