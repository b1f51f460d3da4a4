import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import {
  ExtensionProjectSchema,
  ExtensionSearchQuerySchema,
  ExtensionSearchSchema,
  ExtensionsOverviewSchema,
  FileParamsSchema,
  InstallBodySchema,
  InstalledExtensionSchema,
  InstallPlanSchema,
  InstallResultSchema,
  ProjectParamsSchema,
  ToggleBodySchema,
  type ExtensionProjectJson,
  type ExtensionSearchJson,
  type ExtensionsOverviewJson,
  type InstallPlanJson,
} from '../../schemas/extensions';
import { ServerParamsSchema } from '../../schemas/servers';

/** Shared schema components of the extensions area (registered once at the root). */
export function addExtensionSchemas(app: FastifyInstance): void {
  app.addSchema(ExtensionsOverviewSchema);
  app.addSchema(ExtensionSearchSchema);
  app.addSchema(ExtensionProjectSchema);
  app.addSchema(InstallPlanSchema);
}

const BadGateway = Type.Object({ message: Type.String() }, { description: 'The catalogue cannot be reached' });
const NotTaking = 'A server whose software takes no plugins or mods → 409.';

/** The extensions area under /api/v2/servers/{id}/extensions (tag `extensions`): plugins and mods. */
export async function extensionRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const actorOf = (request: { user?: { id: number } | null; ip: string }) => ({ userId: request.user!.id, ip: request.ip });

  typed.get(
    '/:id/extensions',
    {
      schema: {
        operationId: 'getServerExtensions',
        tags: ['extensions'],
        summary: 'What plugins or mods the server takes, the catalogues to search, and the installed ones with their updates',
        description:
          'Installed files in plugins/ or mods/ (disabled ones end in .disabled) are recognised by their SHA-512: the panel’s record of what it installed, then Modrinth’s lookup by hash. A catalogue that cannot be reached leaves the files listed with catalogue_error. Needs extensions.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: Type.Unsafe<ExtensionsOverviewJson>(Type.Ref('ExtensionsOverview')) }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'extensions.read' },
    },
    async (request) => ({ data: await app.extensions.overview(request.serverAccess!.server) }),
  );

  typed.get(
    '/:id/extensions/search',
    {
      schema: {
        operationId: 'searchServerExtensions',
        tags: ['extensions'],
        summary: 'Search a catalogue for plugins or mods that fit the server’s software and game version',
        description: `Paged (page, per_page); answers are cached by the catalogue client. Unknown provider → 422; catalogue unreachable → 502. ${NotTaking} Needs extensions.read.`,
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        querystring: ExtensionSearchQuerySchema,
        response: { 200: Type.Object({ data: Type.Unsafe<ExtensionSearchJson>(Type.Ref('ExtensionSearch')) }), ...errorResponses(401, 403, 404, 409, 422), 502: BadGateway },
      },
      config: { serverPermission: 'extensions.read' },
    },
    async (request) => ({ data: await app.extensions.search(request.serverAccess!.server, request.query) }),
  );

  typed.get(
    '/:id/extensions/projects/:provider/:project',
    {
      schema: {
        operationId: 'getServerExtensionProject',
        tags: ['extensions'],
        summary: 'A project’s page: its description and the versions that fit the server',
        description: `Unknown project → 422; catalogue unreachable → 502. ${NotTaking} Needs extensions.read.`,
        security: [{ bearer: [] }],
        params: ProjectParamsSchema,
        response: { 200: Type.Object({ data: Type.Unsafe<ExtensionProjectJson>(Type.Ref('ExtensionProject')) }), ...errorResponses(401, 403, 404, 409, 422), 502: BadGateway },
      },
      config: { serverPermission: 'extensions.read' },
    },
    async (request) => ({ data: await app.extensions.project(request.serverAccess!.server, request.params.provider, request.params.project) }),
  );

  typed.post(
    '/:id/extensions/plan',
    {
      schema: {
        operationId: 'planServerExtensionInstall',
        tags: ['extensions'],
        summary: 'What installing a plugin or mod takes: its file and the required dependencies not installed yet',
        description: `Nothing is changed. A resource only offered as an outside download → 422. ${NotTaking} Needs extensions.manage.`,
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: InstallBodySchema,
        response: { 200: Type.Object({ data: Type.Unsafe<InstallPlanJson>(Type.Ref('ExtensionInstallPlan')) }), ...errorResponses(401, 403, 404, 409, 419, 422), 502: BadGateway },
      },
      config: { serverPermission: 'extensions.manage' },
    },
    async (request) => ({ data: await app.extensions.installPlan(request.serverAccess!.server, request.body) }),
  );

  typed.post(
    '/:id/extensions/install',
    {
      schema: {
        operationId: 'installServerExtension',
        tags: ['extensions'],
        summary: 'Install a plugin or mod (and, with dependencies: true, its required dependencies) into plugins/ or mods/',
        description:
          'Every file is downloaded from the catalogue’s own hosts, capped in size and verified against its checksum before any lands; a refused file (checksum mismatch, too large, outside host) → 422 and nothing of the install remains. Outside downloads → 422. Another change running → 409. Needs extensions.manage; audited (server.extensions.install).',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: InstallBodySchema,
        response: { 200: Type.Object({ data: InstallResultSchema }), ...errorResponses(401, 403, 404, 409, 419, 422, 429), 502: BadGateway },
      },
      config: { serverPermission: 'extensions.manage' },
    },
    async (request) => {
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `extensions.install:${request.user!.id}:${server.uuid}`, limit: 20, windowMs: 60_000 });
      return { data: await app.extensions.install(server, request.body, actorOf(request)) };
    },
  );

  typed.post(
    '/:id/extensions/installed/:file/update',
    {
      schema: {
        operationId: 'updateServerExtension',
        tags: ['extensions'],
        summary: 'Update an installed plugin or mod to the newest version that fits the server',
        description:
          'Verified like an install; the old file is replaced only once the new one is verified (a disabled one stays disabled). Unrecognised file or already newest → 422. Needs extensions.manage; audited (server.extensions.update).',
        security: [{ bearer: [] }],
        params: FileParamsSchema,
        response: { 200: Type.Object({ data: InstallResultSchema }), ...errorResponses(401, 403, 404, 409, 419, 422, 429), 502: BadGateway },
      },
      config: { serverPermission: 'extensions.manage' },
    },
    async (request) => {
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `extensions.install:${request.user!.id}:${server.uuid}`, limit: 20, windowMs: 60_000 });
      return { data: await app.extensions.update(server, request.params.file, actorOf(request)) };
    },
  );

  typed.patch(
    '/:id/extensions/installed/:file',
    {
      schema: {
        operationId: 'toggleServerExtension',
        tags: ['extensions'],
        summary: 'Enable or disable an installed plugin or mod (renames it to or from .disabled)',
        description: 'Takes effect at the next start. Needs extensions.manage; audited (server.extensions.enable / disable).',
        security: [{ bearer: [] }],
        params: FileParamsSchema,
        body: ToggleBodySchema,
        response: { 200: Type.Object({ data: InstalledExtensionSchema }), ...errorResponses(401, 403, 404, 409, 419, 422) },
      },
      config: { serverPermission: 'extensions.manage' },
    },
    async (request) => ({ data: await app.extensions.toggle(request.serverAccess!.server, request.params.file, request.body.enabled, actorOf(request)) }),
  );

  typed.delete(
    '/:id/extensions/installed/:file',
    {
      schema: {
        operationId: 'removeServerExtension',
        tags: ['extensions'],
        summary: 'Remove an installed plugin or mod file',
        description: 'Its configuration folder stays. Needs extensions.manage; audited (server.extensions.remove).',
        security: [{ bearer: [] }],
        params: FileParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 409, 419, 422) },
      },
      config: { serverPermission: 'extensions.manage' },
    },
    async (request, reply) => {
      await app.extensions.remove(request.serverAccess!.server, request.params.file, actorOf(request));
      return reply.code(204).send(null);
    },
  );
}
