import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { forbidden } from '../../lib/errors';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerParamsSchema } from '../../schemas/servers';
import { StartupSchema, UpdateStartupBodySchema } from '../../schemas/templates';
import { accessAllows } from '../../services/permissions/serverAccess';
import { startupOf, updateStartup } from '../../services/templates/startupSettings';

const StartupAnswer = Type.Object({ data: StartupSchema });
type UpdateBody = Static<typeof UpdateStartupBodySchema>;

/** Changing variables or the startup command needs startup.update; choosing the image alone needs startup.docker-image. */
const patchPermission = (request: FastifyRequest) => {
  const body = request.body as UpdateBody | undefined;
  return Object.keys(body?.variables ?? {}).length > 0 || body?.startup_command !== undefined ? 'startup.update' : 'startup.docker-image';
};

/** GET and PATCH /servers/{id}/startup: the startup command, the variables the customer may see and change, the runtime image. */
export async function startupRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/:id/startup',
    {
      schema: {
        operationId: 'getServerStartup',
        tags: ['startup'],
        summary: 'The startup command, variables and runtime image',
        description:
          'The command as written and with the server’s values filled in, every variable the customer may see (value, description, rules, whether editable), the images offered and the one chosen. Needs startup.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: StartupAnswer, ...errorResponses(401, 403, 404, 409) },
      },
      config: { serverPermission: 'startup.read' },
    },
    async (request) => ({ data: await startupOf(app.db, request.serverAccess!.server) }),
  );
  r.patch(
    '/:id/startup',
    {
      schema: {
        operationId: 'updateServerStartup',
        tags: ['startup'],
        summary: 'Change startup variables and the runtime image',
        description:
          'Each value is checked by its variable’s rules: a 422 keys its messages `variables.ENV_NAME`, in the account’s language. A variable that is hidden or not editable is refused, as is a startup command the template does not name. Variables and the startup command need startup.update, the image startup.docker-image. Applies at the next start; audited.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: UpdateStartupBodySchema,
        response: { 200: StartupAnswer, ...errorResponses(401, 403, 404, 409, 419, 422) },
      },
      config: { serverPermission: patchPermission },
    },
    async (request) => {
      const access = request.serverAccess!;
      const { variables, image, startup_command: startupCommand } = request.body;
      if (image !== undefined && !accessAllows(access, 'startup.docker-image')) throw forbidden();
      const user = request.user!;
      return { data: await updateStartup(app.db, access.server, { variables, image, startupCommand }, { userId: user.id, ip: request.ip, language: user.language }) };
    },
  );
}
