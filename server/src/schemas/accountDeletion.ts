import { Type, type Static } from 'typebox';

/** A server named in the deletion preview. */
const ServerMentionSchema = Type.Object({
  identifier: Type.String({ description: 'The server’s short id (its address in the panel)' }),
  name: Type.String(),
});

/** What deleting the account would do, shown before the customer confirms. */
export const AccountDeletionPreviewSchema = Type.Object({
  data: Type.Object({
    owned_servers: Type.Array(ServerMentionSchema, { description: 'Deleted with their backups, files and databases' }),
    shared_servers: Type.Array(Type.Object({ ...ServerMentionSchema.properties, owner: Type.String({ description: 'Username of the owner' }) }), {
      description: 'Other people’s servers shared with the account: the shares end, the servers stay',
    }),
    two_factor: Type.Boolean({ description: 'Whether a two-factor code is needed to confirm' }),
  }),
});

export const DeleteAccountBodySchema = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 128, description: 'The account’s current password' }),
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'A TOTP or recovery code; needed when two-factor is on' })),
});
export type DeleteAccountBody = Static<typeof DeleteAccountBodySchema>;
