/**
 * The console socket protocol (GET /api/v2/servers/{id}/ws), like Pterodactyl's: JSON text frames
 * `{ "event": string, "args": unknown[] }`. This file is its one definition: the server's socket
 * session uses it, and `npm run codegen` writes the client's copy (src/api/generated/serverSocket.gen.ts).
 *
 * 1. Get a ticket: GET /api/v2/servers/{id}/websocket → { data: { token, socket } }.
 * 2. Open `socket`, send `{ event: "auth", args: [token] }` within 10 s.
 * 3. The server answers `auth success`, then `status` [state]. Ask for history with `send logs`
 *    and a first sample with `send stats`.
 *
 * `console output` carries one or more lines, oldest first (lines the panel reads together
 * travel in one frame). `token expiring` comes about a minute before the ticket ends: fetch a new
 * one and send `auth` again on the same socket; `token expired` is followed by the close.
 */
import { Type, type Static, type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Close codes, and what each means. */
export const SocketClose = {
  /** More messages than the rate allows. */
  tooManyMessages: 1008,
  /** A frame larger than allowed. */
  tooLarge: 1009,
  /** Authentication failed or timed out. */
  authFailed: 4001,
  /** The ticket expired. */
  expired: 4002,
  /** Access was revoked (token revoked, permission removed). */
  revoked: 4003,
  /** The server was suspended or deleted. */
  gone: 4004,
} as const;

/** Power states (the API's `Server.state`); `description` names the argument. */
const PowerStateSchema = Type.Union(
  [Type.Literal('offline'), Type.Literal('starting'), Type.Literal('running'), Type.Literal('stopping'), Type.Literal('node_offline'), Type.Literal('transferring')],
  {
    description: 'state',
  },
);

/** `install`: the install state as stored on the server, and why it failed. */
export const InstallStatusEventSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('installing'), Type.Literal('installed'), Type.Literal('install_failed')]),
    error: Nullable(Type.String()),
  },
  { $id: 'InstallStatusEvent' },
);

/** `backup progress`: a backup being made or restored. */
export const BackupProgressEventSchema = Type.Object(
  {
    backup: Type.String(),
    operation: Type.Union([Type.Literal('backup'), Type.Literal('restore')]),
    state: Type.Union([Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed')]),
    bytesDone: Type.Number(),
    bytesTotal: Type.Number(),
    error: Nullable(Type.String()),
  },
  { $id: 'BackupProgressEvent' },
);

/** `version switch`: a version switch, setup or modpack job being applied. */
export const VersionSwitchEventSchema = Type.Object(
  {
    job: Type.String(),
    kind: Type.Union([Type.Literal('switch'), Type.Literal('setup'), Type.Literal('modpack')]),
    software: Type.String(),
    version: Type.String(),
    step: Type.Union([
      Type.Literal('queued'),
      Type.Literal('stop'),
      Type.Literal('backup'),
      Type.Literal('download'),
      Type.Literal('install'),
      Type.Literal('start'),
      Type.Literal('rollback'),
      Type.Literal('done'),
    ]),
    state: Type.Union([Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed')]),
    percent: Type.Number({ description: '0–100 over the whole job' }),
    error: Nullable(Type.String()),
  },
  { $id: 'VersionSwitchEvent' },
);

/** `transfer progress`: the server being moved to another node (the customer sees its new address once done). */
export const TransferProgressEventSchema = Type.Object(
  {
    step: Type.Union([Type.Literal('stopping'), Type.Literal('copying'), Type.Literal('switching'), Type.Literal('starting'), Type.Literal('done')]),
    state: Type.Union([Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed')]),
    percent: Nullable(Type.Number({ description: '0–100 of the files copied (null while their size is unknown)' })),
    address: Nullable(Type.String({ description: 'Where players reach the server once moved (host:port)' })),
  },
  { $id: 'TransferProgressEvent' },
);

/** What the client sends: each event's arguments. */
export const ClientEventsSchema = Type.Object({
  auth: Type.Tuple([Type.String({ description: 'ticket' })]),
  'send command': Type.Tuple([Type.String({ description: 'line' })]),
  'set state': Type.Tuple([Type.Union([Type.Literal('start'), Type.Literal('stop'), Type.Literal('restart'), Type.Literal('kill')], { description: 'signal' })]),
  'send logs': Type.Tuple([]),
  'send stats': Type.Tuple([]),
});
export type ClientEvents = Static<typeof ClientEventsSchema>;
export type ClientEventName = keyof ClientEvents;

/** What the server sends: each event's arguments (`stats` is the API's ServerResources). */
export const ServerEventsSchema = Type.Object({
  'auth success': Type.Tuple([]),
  'console output': Type.Array(Type.String(), { description: 'one or more lines, oldest first' }),
  status: Type.Tuple([PowerStateSchema]),
  stats: Type.Tuple([Type.Unsafe<unknown>(Type.Ref('ServerResources'))]),
  install: Type.Tuple([Type.Ref('InstallStatusEvent')]),
  'token expiring': Type.Tuple([]),
  'token expired': Type.Tuple([]),
  'daemon error': Type.Tuple([Type.String({ description: 'message' })]),
  'backup progress': Type.Tuple([Type.Ref('BackupProgressEvent')]),
  'version switch': Type.Tuple([Type.Ref('VersionSwitchEvent')]),
  'transfer progress': Type.Tuple([Type.Ref('TransferProgressEvent')]),
});
export type ServerEventName = keyof Static<typeof ServerEventsSchema>;

/** The payload schemas the events refer to by name (`$ref`). */
export const socketPayloadSchemas = [InstallStatusEventSchema, BackupProgressEventSchema, VersionSwitchEventSchema, TransferProgressEventSchema];

/** Names of an events schema, in order (the protocol's event names as values). */
export const clientEventNames = Object.keys(ClientEventsSchema.properties) as ClientEventName[];
export const serverEventNames = Object.keys(ServerEventsSchema.properties) as ServerEventName[];
