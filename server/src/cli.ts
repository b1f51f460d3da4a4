import { join } from 'node:path';
import { loadConfig } from './plugins/config/loadConfig';
import { controlSocketPath, sendToPanel, type CliAnswer } from './cli/panelClient';
import { inlineTlsFiles } from './cli/tlsFiles';

/**
 * `npm run panel -- <command> [options]`: the admin API's operations for operators. With the panel
 * running, commands go to it over its control socket; otherwise the CLI opens the database itself.
 * The panel's own code loads only when needed (help, or no panel running).
 */
async function main(given: string[]): Promise<number> {
  if (given.length === 0 || given[0] === 'help' || given[0] === '--help') {
    const { cliCommands } = await import('./cli/commands');
    console.log('Usage: npm run panel -- <command> [options]\n');
    for (const command of Object.values(cliCommands)) console.log(`  ${command.usage}\n      ${command.description}`);
    const { imagesBuildUsage } = await import('./cli/imagesBuild');
    console.log(`  ${imagesBuildUsage}\n      Builds the images the game templates run in on a Docker Engine, offline.`);
    return 0;
  }
  // Images are built on an engine, not in the panel's data: no database, no running panel needed.
  if (given[0] === 'images:build') return (await import('./cli/imagesBuild')).runImagesBuild(given.slice(1));
  const argv = inlineTlsFiles(given);
  const config = loadConfig();
  let answer: CliAnswer;
  try {
    answer = await sendToPanel(controlSocketPath(config.dataDir), argv);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ECONNREFUSED') throw error;
    answer = await runDirectly(config, argv);
  }
  if (answer.ok) {
    console.log(JSON.stringify(answer.result, null, 2));
    return 0;
  }
  console.error(`Error (${answer.status}): ${answer.message}`);
  for (const [field, messages] of Object.entries(answer.errors ?? {})) console.error(`  ${field}: ${messages.join(', ')}`);
  return 1;
}

/** No panel is running: open the database and the runtime here for this one command. */
async function runDirectly(config: ReturnType<typeof loadConfig>, argv: string[]): Promise<CliAnswer> {
  const [{ prepareDataDir, secureDatabaseFiles }, { openDatabase }, { runCliCommand }, { createRuntimeSetup }, { RuntimeManager }, { syncCatalog }] = await Promise.all([
    import('./plugins/config/dataDir'),
    import('./db/client'),
    import('./cli/controlSocket'),
    import('./runtime/createRuntimeSetup'),
    import('./services/servers/RuntimeManager'),
    import('./services/servers/syncCatalog'),
  ]);
  const { syncRuntimeNodes } = await import('./services/nodes/nodeEngines');
  // Like the panel: the embedded database is opened by one process at a time.
  const releaseDataDir = prepareDataDir(config.dataDir);
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') });
  secureDatabaseFiles(config.dataDir);
  // pino-style (object, message) calls, written to stderr so stdout stays JSON.
  const log = { warn: (obj: unknown, msg?: string) => console.error(msg ?? '', obj), error: (obj: unknown, msg?: string) => console.error(msg ?? '', obj) };
  const runtime = new RuntimeManager({
    db: database.db,
    log: log as unknown as ConstructorParameters<typeof RuntimeManager>[0]['log'],
    ...createRuntimeSetup(config),
  });
  try {
    await syncCatalog(database.db, config);
    await syncRuntimeNodes({ db: database.db, runtime, config });
    await runtime.open();
    return await runCliCommand({ db: database.db, runtime, config }, argv);
  } finally {
    await runtime.shutdown();
    await database.close();
    releaseDataDir();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
