import { Type, type Static } from 'typebox';

export const TransferBodySchema = Type.Object(
  { node: Type.String({ minLength: 1, maxLength: 64, description: 'Name, uuid or id of the node to move the server to' }) },
  { additionalProperties: false },
);

/** A server's move to another node and how far it got. */
export const TransferSchema = Type.Object({
  server: Type.String({ description: 'uuid of the server' }),
  from: Type.String({ description: 'The node it is moved from' }),
  to: Type.String({ description: 'The node it is moved to' }),
  state: Type.Union([Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed')]),
  step: Type.Union([Type.Literal('stopping'), Type.Literal('copying'), Type.Literal('switching'), Type.Literal('starting'), Type.Literal('done')]),
  bytes_copied: Type.Integer(),
  bytes_total: Type.Union([Type.Integer(), Type.Null()], { description: 'The server’s files on the source as last measured (null: unknown)' }),
  percent: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()], { description: 'How far the move got, 0–100 (null while the size of the files is unknown)' }),
  address: Type.Union([Type.String(), Type.Null()], { description: 'Where players reach the server once moved (host:port)' }),
  error: Type.Union([Type.String(), Type.Null()], { description: 'Why it failed; the server is then whole on its old node' }),
  started_at: Type.String({ format: 'date-time' }),
  finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export type TransferJson = Static<typeof TransferSchema>;
