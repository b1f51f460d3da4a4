import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ApplySetupBodySchema, SetupParamsSchema, SetupPreviewSchema, SetupSchema } from '../../schemas/setups';
import { SwitchJobSchema } from '../../schemas/versions';
import { ServerParamsSchema } from '../../schemas/servers';

/** Shared schema components of the setups area. */
export function addSetupSchemas(app: FastifyInstance): void {
  app.addSchema(SetupSchema);
  app.addSchema(SetupPreviewSchema);
}

type SetupJson = Static<typeof SetupSchema>;
type SetupPreviewJson = Static<typeof SetupPreviewSchema>;
const BadGateway = Type.Object({ message: Type.String() }, { description: 'The catalogue cannot be reached and nothing is cached' });
const Unavailable = Type.Object({ message: Type.String() }, { description: 'The catalogue of an extension the setup installs cannot be reached; nothing was changed' });

/** The setups area under /api/v2/servers/{id}/setups (tag `setups`). */
export async function setupRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    '/:id/setups',
    {
      schema: {
        operationId: 'listServerSetups',
        tags: ['setups'],
        summary: "Ready-made setups for the server's game",
        description: 'Setups that install plugins or mods are offered where the server can run the software they switch to. Needs setups.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: Type.Array(Type.Unsafe<SetupJson>(Type.Ref('Setup'))) }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'setups.read' },
    },
    async (request) => ({ data: await app.setups.list(request.serverAccess!.server) }),
  );

  typed.get(
    '/:id/setups/:setup/preview',
    {
      schema: {
        operationId: 'previewServerSetup',
        tags: ['setups'],
        summary: 'Exactly what applying a setup changes',
        description:
          'The software (from → to), each config key with its old and new value, the extensions installed (name, version, file; required dependencies included) and the files written. Extensions that cannot be resolved now are listed in `unresolved`. A setup of another game → 404; one this server cannot take → 422. Needs setups.read.',
        security: [{ bearer: [] }],
        params: SetupParamsSchema,
        response: { 200: Type.Object({ data: Type.Unsafe<SetupPreviewJson>(Type.Ref('SetupPreview')) }), ...errorResponses(401, 403, 404, 422), 502: BadGateway },
      },
      config: { serverPermission: 'setups.read' },
    },
    async (request) => ({ data: await app.setups.preview(request.serverAccess!.server, request.params.setup) }),
  );

  typed.post(
    '/:id/setups/:setup/apply',
    {
      schema: {
        operationId: 'applyServerSetup',
        tags: ['setups'],
        summary: 'Apply a setup',
        description:
          'Runs as a job (202, progress as `version switch` socket events): stop, backup, extensions downloaded and hash-verified, software, extensions placed in plugins/ or mods/, config values, world kept or reset (reset_world), start again if it was running; any failure rolls everything back. An extension that cannot be resolved → 422 (503 when its catalogue cannot be reached), nothing changed. 409 while a switch or setup runs. Needs setups.apply; audited.',
        security: [{ bearer: [] }],
        params: SetupParamsSchema,
        body: ApplySetupBodySchema,
        response: { 202: Type.Object({ data: SwitchJobSchema }), ...errorResponses(401, 403, 404, 409, 419, 422, 429), 502: BadGateway, 503: Unavailable },
      },
      config: { serverPermission: 'setups.apply' },
    },
    async (request, reply) => {
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `setups.apply:${request.user!.id}:${server.uuid}`, limit: 10, windowMs: 60_000 });
      const job = await app.setups.apply(server, request.params.setup, request.body.reset_world, { userId: request.user!.id, ip: request.ip });
      return reply.code(202).send({ data: job });
    },
  );
}
