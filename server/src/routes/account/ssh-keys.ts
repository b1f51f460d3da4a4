import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { notFound } from '../../lib/errors';
import type { SshKeyRow } from '../../db/schema';
import { addSshKey, listSshKeys, removeSshKey, setSftpKeyOnly, sftpKeyOnly } from '../../services/sftp/sshKeyService';
import {
  CreateSshKeyBodySchema,
  SftpSettingsBodySchema,
  SftpSettingsResponseSchema,
  SshKeyParamsSchema,
  SshKeyResponseSchema,
  SshKeySchema,
  SshKeysResponseSchema,
  type CreateSshKeyBody,
  type SshKeyJson,
} from '../../schemas/sshKeys';

function toSshKeyJson(row: SshKeyRow): SshKeyJson {
  return {
    uuid: row.uuid,
    name: row.name,
    algorithm: row.algorithm,
    fingerprint: row.fingerprint,
    public_key: row.publicKey,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The account's SSH public keys for SFTP (list, add, remove) and its key-only switch. */
export async function sshKeyRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(SshKeySchema);
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/ssh-keys',
    {
      schema: {
        operationId: 'listAccountSshKeys',
        tags: ['account'],
        summary: 'The SSH public keys that sign in to SFTP, and whether the password is refused there',
        security: [{ bearer: [] }],
        response: { 200: SshKeysResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const [keys, keyOnly] = await Promise.all([listSshKeys(app.db, userId), sftpKeyOnly(app.db, userId)]);
      return { data: keys.map(toSshKeyJson), meta: { key_only: keyOnly } };
    },
  );

  r.post(
    '/ssh-keys',
    {
      schema: {
        operationId: 'createAccountSshKey',
        tags: ['account'],
        summary: 'Add an SSH public key (Ed25519, ECDSA, or RSA of 2048 bits or more)',
        security: [{ bearer: [] }],
        body: CreateSshKeyBodySchema,
        response: { 201: SshKeyResponseSchema, ...errorResponses(401, 419, 422) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const body = request.body as CreateSshKeyBody;
      const row = await addSshKey(app.db, request.user!.id, { name: body.name, publicKey: body.public_key }, request.ip);
      return reply.code(201).send({ data: toSshKeyJson(row) });
    },
  );

  r.delete(
    '/ssh-keys/:key',
    {
      schema: {
        operationId: 'deleteAccountSshKey',
        tags: ['account'],
        summary: 'Remove an SSH key (it no longer signs in)',
        security: [{ bearer: [] }],
        params: SshKeyParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 404, 419) },
      },
    },
    async (request, reply) => {
      if (!(await removeSshKey(app.db, request.user!.id, request.params.key, request.ip))) throw notFound('SSH key');
      return reply.code(204).send(null);
    },
  );

  r.put(
    '/sftp',
    {
      schema: {
        operationId: 'updateAccountSftpSettings',
        tags: ['account'],
        summary: 'Key-only SFTP: when on, SFTP refuses the password and only the account’s SSH keys sign in',
        security: [{ bearer: [] }],
        body: SftpSettingsBodySchema,
        response: { 200: SftpSettingsResponseSchema, ...errorResponses(401, 419, 422) },
      },
      attachValidation: true,
    },
    async (request) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const { key_only: keyOnly } = request.body as { key_only: boolean };
      await setSftpKeyOnly(app.db, request.user!.id, keyOnly, request.ip);
      return { data: { key_only: keyOnly } };
    },
  );
}
