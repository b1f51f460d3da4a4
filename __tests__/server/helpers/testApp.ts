import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/src/app';
import { loadConfig, type PanelConfig } from '../../../server/src/plugins/config/loadConfig';
import { openTestDatabase } from './testDatabase';

export interface TestApp {
  app: FastifyInstance;
  config: PanelConfig;
  close(): Promise<void>;
}

/**
 * A real panel app on a real database (PGlite copy, or PostgreSQL with DATABASE_URL) in a
 * temporary data dir. Use it through `app.inject`.
 */
export async function createTestApp(overrides: Partial<PanelConfig> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'panel-test-'));
  const config = loadConfig({}, { dataDir, secret: 'test-secret-0123456789abcdef', logLevel: 'silent', demoData: false, ...overrides });
  const database = await openTestDatabase();
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
