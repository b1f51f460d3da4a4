import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { servers, type ServerRow } from '../db/schema';
import { createServer } from '../provisioning/createServer';
import { findUser } from '../provisioning/findUser';
import { provisioningOf } from '../provisioning/ProvisioningContext';
import { DEMO_USERNAME } from './seedDemoAccount';

/** The demo account's servers: a running Minecraft world, and one server of each other game. */
const demoServers = [
  { name: 'Survival with friends', description: 'Minecraft 1.21.4 on flying-squid', template: 'minecraft-flying-squid', plan: 'minecraft-premium', start: true },
  { name: 'Rust', description: 'Procedural map, 50 slots', template: 'rust', plan: 'rust-budget', start: false },
  { name: 'Terraria', description: 'Medium world', template: 'terraria', plan: 'terraria-premium', start: false },
  { name: 'ARK: The Island', description: 'The Island', template: 'ark', plan: 'ark-budget', start: false },
  { name: 'Palworld', description: '16 players', template: 'palworld', plan: 'palworld-premium', start: false },
] as const;

/**
 * With demo data on, gives the demo account (created by seedDemoAccount) its servers the first
 * time: the Minecraft one is installed and started; the others install from their real sources,
 * so without internet access they show install_failed with the reason. Runs after `app.ready()`
 * (the catalog must be synced). Answers the servers it created.
 */
export async function seedDemoServers(app: FastifyInstance): Promise<ServerRow[]> {
  if (!app.config.demoData) return [];
  const demo = await findUser(app.db, DEMO_USERNAME);
  if (!demo) return [];
  const [{ owned }] = await app.db.select({ owned: count() }).from(servers).where(eq(servers.ownerId, demo.id));
  if (owned > 0) return [];
  const created: ServerRow[] = [];
  for (const server of demoServers) {
    created.push(
      await createServer(provisioningOf(app), {
        name: server.name,
        description: server.description,
        owner: demo,
        template: server.template,
        plan: server.plan,
        startOnCompletion: server.start,
      }),
    );
  }
  app.log.info(`Demo servers created for "${DEMO_USERNAME}": ${created.map((s) => `${s.name} (${s.shortId})`).join(', ')}.`);
  return created;
}
