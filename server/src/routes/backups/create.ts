import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { FieldErrors } from '../../lib/fieldErrors';
import { accessAllows } from '../../services/permissions/serverAccess';
import { errorResponses } from '../../lib/responseSchemas';
import { BackupRef, CreateBackupBodySchema, IGNORED_MAX_BYTES } from '../../schemas/backups';
import { ServerParamsSchema } from '../../schemas/servers';
import { backupView } from '../../services/backups/backupView';

/** POST /servers/{id}/backups: starts a backup (state `running`; progress on the console socket). */
export async function createBackupRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/backups',
    {
      schema: {
        operationId: 'createServerBackup',
        tags: ['backups'],
        summary: 'Create a backup',
        description:
          'Needs backup.create (and backup.lock to create it locked). Answers at once with the running backup; it is completed once its archive is complete, fsynced and hashed. 409 when the plan’s limit is reached (unless rotation makes room) or a restore is running.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: CreateBackupBodySchema,
        response: { 202: Type.Object({ data: BackupRef }), ...errorResponses(401, 403, 404, 409, 419, 422, 429) },
      },
      attachValidation: true,
      config: { serverPermission: 'backup.create' },
    },
    async (request, reply) => {
      const errors = FieldErrors.fromRequest(request);
      const body = request.body ?? {};
      if (!errors.has('ignored') && typeof body.ignored === 'string' && Buffer.byteLength(body.ignored) > IGNORED_MAX_BYTES) errors.add('ignored', `Must be at most ${IGNORED_MAX_BYTES} bytes.`);
      errors.throwIfAny();
      const server = request.serverAccess!.server;
      if (body.locked && !accessAllows(request.serverAccess!, 'backup.lock')) {
        errors.add('locked', 'You may not lock backups.').throwIfAny();
      }
      await app.rateLimit({ key: `backup.create:${request.user!.id}:${server.uuid}`, limit: 30, windowMs: 60_000 });
      const created = await app.backups.create(server, body, { userId: request.user!.id, ip: request.ip });
      return reply.code(202).send({ data: backupView(created) });
    },
  );
}
