import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ValidationError } from '../../lib/errors';
import { errorResponses } from '../../lib/responseSchemas';
import { ImportTemplateAnswerSchema, ImportTemplateBodySchema, ImportTemplateQuerySchema, MapTemplateImagesBodySchema, TemplateParamsSchema, TemplateSchema } from '../../schemas/templates';
import { fetchEgg } from '../../services/templates/fetchEgg';
import { importEgg, mapTemplateImages, previewEgg } from '../../services/templates/importEgg';
import { requireTemplate, templateJson } from '../../services/templates/templateView';
import { adminServiceActorOf } from './admin-auth';

const TemplateAnswer = Type.Object({ data: Type.Object({ template: TemplateSchema }) });
const security = [{ bearer: [] }];
const EGG_BYTES = 1024 * 1024;

/** The admin audit log's event for a preview: it writes nothing, so it is not recorded as an import. */
const PREVIEW_EVENT = 'previewAdminTemplateImport';

/** Templates of the admin API: import an egg (body or address), show one, map its images to the host's. */
export async function adminTemplateRoutes(app: FastifyInstance): Promise<void> {
  // Pelican's eggs are YAML files: they are taken as text, as is any egg sent as plain text.
  app.addContentTypeParser(['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml', 'text/plain'], { parseAs: 'string', bodyLimit: EGG_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/templates/import',
    {
      bodyLimit: EGG_BYTES,
      schema: {
        operationId: 'importAdminTemplate',
        tags: ['admin'],
        summary: 'Import a Pterodactyl or Pelican egg as a template',
        description:
          'The body is the egg (PTDL_v1/PTDL_v2 JSON, or PLCN_v1–v3 YAML sent as text/yaml), or `{ "url": … }` to fetch it under the pull-from-URL address policy. ' +
          'Importing the same egg again (same uuid, address, or author and name) updates its template; servers keep their values. An unreadable egg is a 422 naming each field. ' +
          'Answers 201 for a new template, 200 for an update. With `preview=true` nothing is written: 200 with the template the import would make (id 0 when new), `created` and `saved: false`, and the same 422s.',
        security,
        querystring: ImportTemplateQuerySchema,
        body: ImportTemplateBodySchema,
        response: { 200: ImportTemplateAnswerSchema, 201: ImportTemplateAnswerSchema, ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const fromUrl = typeof body === 'object' && 'url' in body && typeof body.url === 'string' && !('meta' in body);
      if (typeof body === 'string' && body.trim() === '') throw new ValidationError({ egg: ['The body holds no egg'] });
      const url = fromUrl ? (body as { url: string }).url : null;
      const egg = url ? await fetchEgg(url, app.config.pullAllowHosts ?? []) : (body as string | Record<string, unknown>);
      const game = request.query.game ?? (fromUrl ? (body as { game?: string }).game : undefined);
      if (request.query.preview) {
        request.adminAuditEvent = PREVIEW_EVENT;
        const preview = await previewEgg(app.db, { egg, url, game });
        return reply.code(200).send({ data: { template: templateJson(preview.row, preview.game), created: preview.created, saved: false } });
      }
      const { row, created } = await importEgg(app.db, { egg, url, game }, adminServiceActorOf(request));
      const { game: gameSlug } = await requireTemplate(app.db, row.slug);
      return reply.code(created ? 201 : 200).send({ data: { template: templateJson(row, gameSlug), created, saved: true } });
    },
  );
  r.get(
    '/templates/:template',
    {
      schema: {
        operationId: 'getAdminTemplate',
        tags: ['admin'],
        summary: 'Show a template',
        security,
        params: TemplateParamsSchema,
        response: { 200: TemplateAnswer, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => {
      const { row, game } = await requireTemplate(app.db, request.params.template);
      return { data: { template: templateJson(row, game) } };
    },
  );
  r.put(
    '/templates/:template/images',
    {
      schema: {
        operationId: 'mapAdminTemplateImages',
        tags: ['admin'],
        summary: 'Run images of the host’s own instead of the ones a template names',
        description: 'No registry may be reachable from a node: map each image the template names to one built on the nodes (`npm run panel -- images:build`) or in the host’s registry.',
        security,
        params: TemplateParamsSchema,
        body: MapTemplateImagesBodySchema,
        response: { 200: TemplateAnswer, ...errorResponses(401, 404, 422, 429) },
      },
    },
    async (request) => {
      const { row, game } = await requireTemplate(app.db, request.params.template);
      const updated = await mapTemplateImages(app.db, row, request.body.images, adminServiceActorOf(request));
      return { data: { template: templateJson(updated, game) } };
    },
  );
}
