import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError, ValidationError } from '../../lib/errors';
import { errorResponses } from '../../lib/responseSchemas';
import { recordAudit } from '../../services/audit/audit';
import { isSecretKey } from '../../games/config-files/configFields';
import { ServerParamsSchema } from '../../schemas/servers';
import { configFileOf } from '../../services/config/configFileOf';
import { ConfigPathQuerySchema, UpdateConfigFileBodySchema } from '../../schemas/config';

/** PUT /servers/{id}/config/file?path=: saves form values or the raw text of a config file. */
export async function updateServerConfigFileRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().put(
    '/:id/config/file',
    {
      schema: {
        operationId: 'updateServerConfigFile',
        tags: ['config'],
        summary: 'Save a config file (form values or raw text)',
        description:
          'values sets keys in place, keeping comments, order and every other key; raw replaces the whole text. Either way each changed value is checked as the game reads it: 422 with errors keyed values.<key> and the file unchanged. Keys the panel owns (the port, the address) cannot be changed. 409 while the server is not offline for a file the game writes back when it stops (ARK’s GameUserSettings.ini). The file keeps its line breaks (CRLF or LF; raw text is written with them) and whether it ends with one, and is replaced atomically. restart_required is true when the server is running: the game reads the file at start. Needs config.update.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        querystring: ConfigPathQuerySchema,
        body: UpdateConfigFileBodySchema,
        response: {
          200: Type.Object({
            data: Type.Object({ restart_required: Type.Boolean() }),
          }),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
      config: { serverPermission: 'config.update' },
    },
    async (request) => {
      const server = request.serverAccess!.server;
      const { values, raw } = request.body;
      if ((values === undefined) === (raw === undefined))
        throw new ValidationError({
          values: ['Send either the values to change or the whole text (raw).'],
        });
      const { file, editor } = await configFileOf(app, server, request.query.path);
      if (file.rewrittenOnStop && app.runtime.state(server.uuid) !== 'offline')
        throw new HttpError(409, 'The game writes this file back when it stops, which would undo the change: stop the server first, then save.');
      const { changed, after } = await editor.save(raw !== undefined ? { raw } : { values: values! });
      if (changed.length > 0) {
        const specs = new Map(file.fields.map((field) => [field.key, field]));
        // Which keys changed, and the new values of those that hold no secret (never rcon.password's).
        const shown = changed.filter((key) => !isSecretKey(specs.get(key), key) && after[key] !== undefined);
        await recordAudit(app.db, {
          actorId: request.user!.id,
          serverUuid: server.uuid,
          event: 'server.config.updated',
          ip: request.ip,
          properties: {
            file: file.path,
            keys: changed,
            values: Object.fromEntries(shown.map((key) => [key, after[key]])),
            editor: raw !== undefined ? 'raw' : 'form',
          },
        });
      }
      const running = app.runtime.state(server.uuid) !== 'offline';
      return { data: { restart_required: running && changed.length > 0 } };
    },
  );
}
