import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import type { PanelConfig } from './config/PanelConfig';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandler } from './plugins/errorHandler';
import { databasePlugin } from './plugins/database';
import { authPlugin } from './plugins/auth';
import { swaggerPlugin } from './plugins/swagger';
import { rateLimitPlugin } from './plugins/rateLimit';
import type { RedisLike } from './lib/rateLimiter';
import { xsrfPlugin } from './plugins/xsrf';
import { panelSettingsPlugin } from './plugins/panelSettings';
import { registerRoutes } from './routes';
import { serverAccessPlugin } from './plugins/serverAccess';
import { runtimePlugin } from './plugins/runtime';
import type { RuntimeDriver } from './runtime/RuntimeDriver';
import type { OpenNodeDriver } from './runtime/nodes/NodeConnection';
import { sleepPlugin } from './plugins/sleep';
import { sftpPlugin } from './plugins/sftp';
import { controlSocketPlugin } from './cli/controlSocket';
import { spaPlugin } from './plugins/spa';
import { compressionPlugin } from './plugins/compression';
import { panelBranding } from './services/settings/panelBranding';
import { backupsPlugin } from './plugins/backups';
import { eventsPlugin } from './plugins/events';
import { transfersPlugin } from './plugins/transfers';
import { ordersPlugin } from './plugins/orders';
import { webhooksPlugin } from './plugins/webhooks';
import { mailerPlugin } from './plugins/mailer';
import { notificationsPlugin } from './plugins/notifications';
import { thresholdsPlugin } from './plugins/thresholds';
import { oauthPlugin } from './plugins/oauth';
import { schedulesPlugin } from './plugins/schedules';
import { networkPlugin } from './plugins/network';
import { versionsPlugin } from './plugins/versions';
import { configFilesPlugin } from './plugins/configFiles';
import { modpacksPlugin } from './plugins/modpacks';
import { extensionsPlugin } from './plugins/extensions';
import { playersPlugin } from './plugins/players';
import { setupsPlugin } from './plugins/setups';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import { builtPageScriptSources } from './plugins/inlineScriptHashes';
import { namePluginsAfterFunctions } from './lib/namePlugins';
import { sharedSchemaStore } from './lib/sharedSchemaStore';
import { LazySchemaCompilers } from './lib/lazySchemaCompilers';
import { redactUrl } from './lib/redactUrl';
import type { PanelCluster } from './services/cluster/PanelCluster';

declare module 'fastify' {
  interface FastifyInstance {
    config: PanelConfig;
    /** The route schemas' compilers: each compiles on first use (see LazySchemaCompilers). */
    schemaCompilers: LazySchemaCompilers;
    /** The other panel processes, through Redis (PANEL_REDIS_URL with DATABASE_URL); null for a panel alone. */
    cluster: PanelCluster | null;
  }
}

export interface BuildAppOptions {
  config: PanelConfig;
  database: DatabaseHandle;
  /** Close the database when the app closes (true for the real server; tests share one). */
  closeDatabase?: boolean;
  /** An ioredis client for the rate-limit counters (see connectRateLimitRedis); in memory without. */
  rateLimitRedis?: RedisLike;
  /** The runtime driver instead of the one the configuration chooses (tests run an in-memory one). */
  runtimeDriver?: RuntimeDriver;
  /** Builds a node's driver instead of a docker one (tests run in-memory nodes). */
  openNode?: OpenNodeDriver;
  /** Several panel processes share the game servers through it (see ClusteredRuntimeManager). */
  cluster?: PanelCluster;
}

/** Secrets that must never reach a log line. */
const redactPaths = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'];

/**
 * Fastify's request serializer with the URL redacted (signed download grants, reset and login
 * tokens, invitations in the query string: see redactUrl).
 */
const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * Builds the panel: infrastructure plugins, application plugins, then routes (DESIGN.md).
 * Used by server.ts and by every server test through `app.inject`.
 */
export async function buildApp({ config, database, closeDatabase = true, rateLimitRedis, runtimeDriver, openNode, cluster }: BuildAppOptions): Promise<FastifyInstance> {
  const schemaCompilers = new LazySchemaCompilers();
  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: redactPaths, censor: '[redacted]' }, serializers: logSerializers },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array', useDefaults: true, removeAdditional: false } },
    schemaController: { bucket: sharedSchemaStore, compilersFactory: { buildValidator: schemaCompilers.validatorFactory, buildSerializer: schemaCompilers.serializerFactory } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  namePluginsAfterFunctions(app);
  app.decorate('config', config);
  app.decorate('schemaCompilers', schemaCompilers);
  app.decorate('cluster', cluster ?? null);
  registerErrorHandler(app);

  // Infrastructure
  await app.register(databasePlugin, { handle: database, closeOnShutdown: closeDatabase });
  await app.register(panelSettingsPlugin);
  await app.register(securityHeadersPlugin, {
    connectSources: config.connectSources,
    pageScripts: builtPageScriptSources(join(config.clientDir, 'index.html')),
    imageSources: () => app.panelSettings.imageSources(),
  });
  await app.register(cookie, { secret: config.secret });
  await app.register(xsrfPlugin);
  await app.register(rateLimitPlugin, { redis: rateLimitRedis });
  await app.register(compressionPlugin);
  await app.register(swaggerPlugin);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  // Application
  await app.register(authPlugin);
  await app.register(serverAccessPlugin);
  await app.register(oauthPlugin);
  await app.register(runtimePlugin, { driver: runtimeDriver, openNode });
  await app.register(eventsPlugin);
  await app.register(thresholdsPlugin);
  await app.register(transfersPlugin);
  await app.register(webhooksPlugin);
  await app.register(mailerPlugin);
  await app.register(notificationsPlugin);
  await app.register(backupsPlugin);
  await app.register(schedulesPlugin);
  await app.register(networkPlugin);
  await app.register(configFilesPlugin);
  await app.register(versionsPlugin);
  await app.register(extensionsPlugin);
  await app.register(setupsPlugin);
  await app.register(modpacksPlugin);
  await app.register(playersPlugin);
  await app.register(sleepPlugin);
  await app.register(sftpPlugin);
  await app.register(controlSocketPlugin);
  await app.register(ordersPlugin);

  // Routes
  await app.register(registerRoutes);

  // The built web app, when there is one (npm start builds it; API-only deployments have none).
  if (existsSync(join(config.clientDir, 'index.html'))) await app.register(spaPlugin, { root: config.clientDir, branding: async () => panelBranding(await app.panelSettings.current()) });
  return app;
}
