import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { FieldErrors } from '../../lib/fieldErrors';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { CreateNodeBodySchema, NodeParamsSchema, NodeSchema, UpdateNodeBodySchema } from '../../schemas/nodes';
import { createNode, deleteNode, listNodes, requireNode, updateNode } from '../../services/nodes/nodeAdmin';
import { nodeJson } from '../../services/nodes/nodeView';
import { provisioningOf } from '../../plugins/provisioning';
import { adminServiceActorOf } from './admin-auth';

const NodeAnswer = Type.Object({ data: Type.Object({ node: NodeSchema }) });
const security = [{ bearer: [] }];

/** Nodes of the admin API: register a Docker Engine, list with state and use, show, change, remove. TLS material is never answered. */
export async function adminNodeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/nodes',
    {
      schema: {
        operationId: 'createAdminNode',
        tags: ['admin'],
        summary: 'Add a node (a machine with Docker Engine)',
        description:
          'docker_host is unix:///path or tcp://HOST:PORT; a tcp engine needs tls {ca, cert, key} (PEM; stored encrypted with the panel secret, never answered). public_host is the IP the servers’ ports are published on; port_range must not overlap another node’s on the same address. A node whose engine does not answer is added and shows state offline. A duplicate name is a 422.',
        security,
        body: CreateNodeBodySchema,
        response: { 201: NodeAnswer, ...errorResponses(401, 403, 422, 429) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const view = await createNode(provisioningOf(app), request.body ?? {}, adminServiceActorOf(request), FieldErrors.fromRequest(request));
      return reply.code(201).send({ data: { node: nodeJson(view) } });
    },
  );
  r.get(
    '/nodes',
    {
      schema: {
        operationId: 'listAdminNodes',
        tags: ['admin'],
        summary: 'Every node with its state, servers and allocated memory and disk',
        security,
        response: { 200: Type.Object({ data: Type.Array(NodeSchema) }), ...errorResponses(401, 403, 429) },
      },
    },
    async () => ({ data: (await listNodes(provisioningOf(app))).map(nodeJson) }),
  );
  r.get(
    '/nodes/:node',
    {
      schema: { operationId: 'getAdminNode', tags: ['admin'], summary: 'Show a node', security, params: NodeParamsSchema, response: { 200: NodeAnswer, ...errorResponses(401, 403, 404, 429) } },
    },
    async (request) => ({ data: { node: nodeJson(await requireNode(provisioningOf(app), request.params.node)) } }),
  );
  r.patch(
    '/nodes/:node',
    {
      schema: {
        operationId: 'updateAdminNode',
        tags: ['admin'],
        summary: 'Change a node (maintenance: true holds new servers off it)',
        description:
          'Only the fields given change; the runtime follows at once (a new address or new certificates reconnect). The local node (the panel’s own machine) takes its address and ports from the configuration: only location, memory_mb, disk_mb and maintenance change there.',
        security,
        params: NodeParamsSchema,
        body: UpdateNodeBodySchema,
        response: { 200: NodeAnswer, ...errorResponses(401, 403, 404, 422, 429) },
      },
      attachValidation: true,
    },
    async (request) => {
      const view = await updateNode(provisioningOf(app), request.params.node, request.body ?? {}, adminServiceActorOf(request), FieldErrors.fromRequest(request));
      return { data: { node: nodeJson(view) } };
    },
  );
  r.delete(
    '/nodes/:node',
    {
      schema: {
        operationId: 'deleteAdminNode',
        tags: ['admin'],
        summary: 'Remove a node from the panel',
        description: '409 while servers are on it (and for the local node). Nothing is removed on the machine itself.',
        security,
        params: NodeParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await deleteNode(provisioningOf(app), request.params.node, adminServiceActorOf(request));
      return reply.code(204).send(null);
    },
  );
}
