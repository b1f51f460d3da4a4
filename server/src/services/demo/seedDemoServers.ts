import { lookup } from 'node:dns/promises';
import { count, eq } from 'drizzle-orm';
import { servers, type ServerRow } from '../../db/schema';
import { createServer } from '../servers/createServer';
import { findUser } from '../users/findUser';
import type { ProvisioningContext } from '../servers/ProvisioningContext';
import { STEAMCMD_URL } from '../../runtime/install/steamcmd';
import { DEMO_USERNAME, type DemoSeedContext } from './seedDemoAccount';

const STEAM_HOST = new URL(STEAMCMD_URL).hostname;

/**
 * The demo account's servers: a running Minecraft world (its software ships with the panel), and
 * one server of each other game, which installs from its publisher's servers (`downloadHost`).
 */
const demoServers = [
  // No description of its software: it would be English, and wrong after a switch (the versions page names it in the reader's language).
  { name: 'Survival with friends', description: '', template: 'minecraft-flying-squid', plan: 'minecraft-premium', start: true, downloadHost: null },
  { name: 'Rust', description: 'Procedural map, 50 slots', template: 'rust', plan: 'rust-budget', start: false, downloadHost: STEAM_HOST },
  { name: 'Terraria', description: 'Medium world', template: 'terraria', plan: 'terraria-premium', start: false, downloadHost: 'terraria.org' },
  { name: 'ARK: The Island', description: 'The Island', template: 'ark', plan: 'ark-budget', start: false, downloadHost: STEAM_HOST },
  { name: 'Palworld', description: '16 players', template: 'palworld', plan: 'palworld-premium', start: false, downloadHost: STEAM_HOST },
] as const;

/** Whether `host` can be looked up from here (a machine without internet cannot): a few seconds at most. */
export async function canResolve(host: string): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), 3000);
  });
  try {
    return await Promise.race([
      lookup(host).then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Options of {@link seedDemoServers}. */
export interface SeedDemoServersOptions {
  /** Whether a game's download host is reachable (DNS by default). */
  reachable?: (host: string) => Promise<boolean>;
}

/**
 * With demo data on, gives the demo account (created by seedDemoAccount) its servers the first
 * time: the Minecraft one is installed and started; the others install from their real sources.
 * On a machine that cannot reach a game's download host that game's server is left out (and the
 * log says so), so the demo shows only servers that can run. Runs after `app.ready()` (the
 * catalog must be synced). Answers the servers it created.
 */
export async function seedDemoServers(context: ProvisioningContext & Pick<DemoSeedContext, 'log'>, { reachable = canResolve }: SeedDemoServersOptions = {}): Promise<ServerRow[]> {
  const { db, config, log } = context;
  if (!config.demoData) return [];
  const demo = await findUser(db, DEMO_USERNAME);
  if (!demo) return [];
  const [{ owned }] = await db.select({ owned: count() }).from(servers).where(eq(servers.ownerId, demo.id));
  if (owned > 0) return [];
  const created: ServerRow[] = [];
  // Every host asked once, all at the same time.
  const hosts = [...new Set(demoServers.flatMap((server) => (server.downloadHost ? [server.downloadHost] : [])))];
  const reached = new Map(hosts.map((host) => [host, reachable(host)] as const));
  const skipped: string[] = [];
  for (const server of demoServers) {
    if (server.downloadHost) {
      if (!(await reached.get(server.downloadHost))) {
        skipped.push(`${server.name} (needs ${server.downloadHost})`);
        continue;
      }
    }
    created.push(
      await createServer(context, {
        name: server.name,
        description: server.description,
        owner: demo,
        template: server.template,
        plan: server.plan,
        startOnCompletion: server.start,
      }),
    );
  }
  log.info(`Demo servers created for "${DEMO_USERNAME}": ${created.map((s) => `${s.name} (${s.shortId})`).join(', ')}.`);
  if (skipped.length > 0) log.warn(`Demo servers left out, their game files cannot be downloaded without internet access: ${skipped.join(', ')}.`);
  return created;
}
