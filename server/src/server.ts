import { loadConfig } from './plugins/config/loadConfig';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { connectRateLimitRedis } from './lib/rateLimitRedis';
import { seedDemoAccount } from './services/demo/seedDemoAccount';
import { logUnhandledFaults } from './lib/lastResortLog';
import { seedDemoServers } from './services/demo/seedDemoServers';
import { provisioningOf } from './plugins/provisioning';
import { join } from 'node:path';
import { DataDirLockedError, prepareDataDir, secureDatabaseFiles } from './plugins/config/dataDir';
import { ClusteredRuntimeManager } from './services/cluster/ClusteredRuntimeManager';

/** Entry point of `npm start`: config from the environment, database, app, listen, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Several panel processes share PostgreSQL, Redis and the data directory (README "Several panel processes").
  const clustered = Boolean(config.redisUrl && config.databaseUrl);
  // Before the embedded database opens: private files, and one panel per data directory (unless shared).
  const releaseDataDir = prepareDataDir(config.dataDir, { shared: clustered });
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') });
  secureDatabaseFiles(config.dataDir);
  const rateLimitRedis = config.redisUrl ? await connectRateLimitRedis(config.redisUrl) : undefined;
  // Loaded only then: a panel alone never loads the Redis client for it.
  const cluster = clustered ? await (await import('./services/cluster/PanelCluster')).PanelCluster.connect(config.redisUrl!, console) : undefined;
  const app = await buildApp({ config, database, rateLimitRedis, cluster });
  cluster?.useLog(app.log);
  logUnhandledFaults(app.log);
  await seedDemoAccount({ db: app.db, config, log: app.log });
  let closing = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // close() stops accepting, waits for in-flight requests, then runs onClose hooks (database last).
    await app.close();
    await cluster?.close();
    releaseDataDir();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.ready();
  const runGames = async () => {
    // Game servers that should run (or still run from before) come back; the runtime's onClose
    // hook stops them gracefully on shutdown, keeping their desired state for the next start.
    const recovered = await app.runtime.recoverAll();
    app.log.info(recovered, 'game servers recovered');
    // Stopped servers that wake on join get their port answered by the panel.
    await app.sleep.start();
  };
  const runtime = app.runtime;
  if (runtime instanceof ClusteredRuntimeManager) {
    // The process holding the runtime lease runs the games; the others wait to take over.
    runtime.lease.onGained(runGames);
    // Cut off from Redis past its lease, another process already runs the games: start afresh.
    runtime.lease.onLost(() => void shutdown('runtime lease lost', 1));
  } else {
    await runGames();
    await seedDemoServers({ ...provisioningOf(app), log: app.log });
  }
  await app.listen({ port: config.port, host: config.host });
  // SFTP on PANEL_SFTP_PORT (2022 by default) beside the web port.
  await app.sftp.start();
  if (runtime instanceof ClusteredRuntimeManager) await runtime.lease.start();
  // Route schemas compile on first use; the rest compile now, between requests.
  app.schemaCompilers.compileInBackground((error) => app.log.error(error, 'a route schema does not compile'));
}

main().catch((error) => {
  // A refused start says why in one line; anything else keeps its stack for the operator.
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
