import { buildTranslationService } from './translationService';

/**
 * Entry point of `npm run translations`: the translation service alone on TRANSLATIONS_PORT
 * (default 8081) and HOST (default 127.0.0.1), for panels that load dictionaries from another host.
 */
async function main(): Promise<void> {
  const port = Number(process.env.TRANSLATIONS_PORT ?? 8081);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`TRANSLATIONS_PORT must be a port number, got "${process.env.TRANSLATIONS_PORT}"`);
  const app = await buildTranslationService({ logLevel: process.env.LOG_LEVEL ?? 'info' });
  const shutdown = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
