import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { FieldErrors } from '../../lib/fieldErrors';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { AllocationParamsSchema, ServerPortRef, UpdateAllocationBodySchema } from '../../schemas/network';
import { ServerParamsSchema } from '../../schemas/servers';
import { allocationId } from '../../services/network/views';

const PortAnswer = Type.Object({ data: ServerPortRef });

/** Add, note, make primary and remove the server's ports. */
export async function allocationRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const actor = (request: { user?: { id: number } | null; ip: string }) => ({ userId: request.user?.id ?? null, ip: request.ip });

  routes.post(
    '/:id/network/allocations',
    {
      schema: {
        operationId: 'createServerAllocation',
        tags: ['network'],
        summary: 'Add a random free port',
        description:
          'Needs allocation.create. A free port of the node’s range; 409 when the plan’s limit of extra ports is reached (exact under parallel requests). The game gets it at its next start (SERVER_EXTRA_PORTS, EXTRA_PORT_<n>).',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 201: PortAnswer, ...errorResponses(401, 403, 404, 409, 419, 429) },
      },
      config: { serverPermission: 'allocation.create' },
    },
    async (request, reply) => {
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `allocation.create:${request.user!.id}:${server.uuid}`, limit: 30, windowMs: 60_000 });
      return reply.code(201).send({ data: await app.network.addPort(server, actor(request)) });
    },
  );

  routes.patch(
    '/:id/network/allocations/:allocation',
    {
      schema: {
        operationId: 'updateServerAllocation',
        tags: ['network'],
        summary: 'Change a port’s note',
        description: 'Needs allocation.update.',
        security: [{ bearer: [] }],
        params: AllocationParamsSchema,
        body: UpdateAllocationBodySchema,
        response: { 200: PortAnswer, ...errorResponses(401, 403, 404, 419, 422) },
      },
      attachValidation: true,
      config: { serverPermission: 'allocation.update' },
    },
    async (request) => {
      const errors = FieldErrors.fromRequest(request);
      const notes = request.body?.notes ?? null;
      // eslint-disable-next-line no-control-regex
      if (!errors.has('notes') && typeof notes === 'string' && /[\u0000-\u001f\u007f]/.test(notes)) errors.add('notes', 'Must be one line of text');
      errors.throwIfAny();
      const id = allocationId(request.params.allocation);
      return { data: await app.network.updateNotes(request.serverAccess!.server, id, notes, actor(request)) };
    },
  );

  routes.post(
    '/:id/network/allocations/:allocation/primary',
    {
      schema: {
        operationId: 'setServerPrimaryAllocation',
        tags: ['network'],
        summary: 'Make a port the primary one',
        description: 'Needs allocation.update. Takes effect at the next start; the subdomain’s SRV record follows at once (502 when DNS cannot be updated, nothing changed).',
        security: [{ bearer: [] }],
        params: AllocationParamsSchema,
        response: { 200: PortAnswer, ...errorResponses(401, 403, 404, 409, 419, 422, 502) },
      },
      config: { serverPermission: 'allocation.update' },
    },
    async (request) => {
      const id = allocationId(request.params.allocation);
      return { data: await app.network.makePrimary(request.serverAccess!.server, id, actor(request)) };
    },
  );

  routes.delete(
    '/:id/network/allocations/:allocation',
    {
      schema: {
        operationId: 'deleteServerAllocation',
        tags: ['network'],
        summary: 'Remove a port',
        description: 'Needs allocation.delete. 409 for the primary port and ports the game needs.',
        security: [{ bearer: [] }],
        params: AllocationParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 409, 419, 422) },
      },
      config: { serverPermission: 'allocation.delete' },
    },
    async (request, reply) => {
      const id = allocationId(request.params.allocation);
      await app.network.removePort(request.serverAccess!.server, id, actor(request));
      return reply.code(204).send(null);
    },
  );
}
