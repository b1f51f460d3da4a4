import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { NodeSchema } from '../../schemas/nodes';
import { adminOverview } from '../../services/admin/adminOverview';
import { nodeJson } from '../../services/nodes/nodeView';
import { provisioningOf } from '../../plugins/provisioning';

const HealthSchema = Type.Object({
  name: Type.Union([Type.Literal('database'), Type.Literal('redis'), Type.Literal('mail'), Type.Literal('dns'), Type.Literal('catalogue')]),
  status: Type.Union([Type.Literal('ok'), Type.Literal('down'), Type.Literal('not_configured'), Type.Literal('unchecked')]),
  detail: Type.Union([Type.String(), Type.Null()]),
});

const OverviewSchema = Type.Object({
  nodes: Type.Array(NodeSchema),
  servers_by_state: Type.Record(Type.String(), Type.Integer(), { description: 'suspended, installing, install_failed, or the power state (running, offline…)' }),
  users: Type.Integer(),
  failed_installs_last_day: Type.Integer(),
  crashes_last_day: Type.Integer(),
  health: Type.Array(HealthSchema, { description: 'The panel’s own services; each node’s engine is its state under nodes' }),
});

/** GET /admin/overview: the admin area's first page in one call. */
export async function adminOverviewRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/overview',
    {
      schema: {
        operationId: 'getAdminOverview',
        tags: ['admin'],
        summary: 'Nodes, servers by state, users, the last day’s failed installs and crashes, and the panel’s health',
        security: [{ bearer: [] }],
        response: { 200: Type.Object({ data: OverviewSchema }), ...errorResponses(401, 403, 429) },
      },
    },
    async () => {
      const overview = await adminOverview(provisioningOf(app));
      return {
        data: {
          nodes: overview.nodes.map(nodeJson),
          servers_by_state: overview.serversByState,
          users: overview.users,
          failed_installs_last_day: overview.failedInstallsLastDay,
          crashes_last_day: overview.crashesLastDay,
          health: overview.health,
        },
      };
    },
  );
}
