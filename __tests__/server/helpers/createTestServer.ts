import type { FastifyInstance } from 'fastify';
import type { ServerRow } from '../../../server/src/db/schema';
import type { UserRow } from '../../../server/src/db/schema';
import { createServer } from '../../../server/src/services/servers/createServer';
import { provisioningOf } from '../../../server/src/plugins/provisioning';
import { servers } from '../../../server/src/db/schema';
import { eq } from 'drizzle-orm';

/** Creates a server through provisioning and waits for its install to finish; answers the fresh row. */
export async function createTestServer(
  app: FastifyInstance,
  owner: UserRow,
  options: { template?: string; plan?: string; variables?: Record<string, string>; name?: string } = {},
): Promise<ServerRow> {
  const created = await createServer(provisioningOf(app), {
    name: options.name ?? 'Test server',
    owner,
    template: options.template ?? 'test-fixture',
    plan: options.plan ?? 'minecraft-budget',
    variables: options.variables,
  });
  await app.runtime.waitForInstall(created.uuid);
  const [row] = await app.db.select().from(servers).where(eq(servers.id, created.id));
  return row;
}
