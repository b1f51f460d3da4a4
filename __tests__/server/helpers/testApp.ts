import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/src/app';
import type { PanelConfig } from '../../../server/src/config/PanelConfig';
import { loadConfig } from '../../../server/src/plugins/config/loadConfig';
import { openTestDatabase } from './testDatabase';
import type { RedisLike } from '../../../server/src/lib/rateLimiter';
import { mountPointsUnderSync } from '../../../server/src/runtime/local/disk/mountTable';
import { MemoryDriver } from './memoryRuntime/MemoryDriver';
import type { OpenNodeDriver } from '../../../server/src/runtime/nodes/NodeConnection';
import type { RuntimeDriver } from '../../../server/src/runtime/RuntimeDriver';

/**
 * Unmounts every file system mounted below `dir` (servers' disk images a test left mounted, even
 * after a failure); each loop device goes with its mount. Lazy, so a process still dying there
 * cannot keep it.
 */
export function unmountAllUnder(dir: string): void {
  for (const point of mountPointsUnderSync(dir)) {
    try {
      execFileSync('/usr/bin/umount', ['-l', point], { stdio: 'ignore' });
    } catch {
      // unmounted meanwhile
    }
  }
}

export interface TestApp {
  app: FastifyInstance;
  config: PanelConfig;
  close(): Promise<void>;
}

/** Whether test apps run the in-memory driver (the `server-memory` Jest project sets PANEL_TEST_DRIVER=memory). */
export const memoryDriverChosen = (): boolean => process.env.PANEL_TEST_DRIVER === 'memory';

/**
 * A real panel app on a real database (PGlite copy, or PostgreSQL with DATABASE_URL) in a
 * temporary data dir. Use it through `app.inject`. Its runtime is the local driver, or the
 * in-memory one (server files kept in memory, no game run) under PANEL_TEST_DRIVER=memory.
 * `rateLimitRedis` keeps the rate-limit counters in that (stand-in) Redis client, as several
 * panel processes do. `openNode` builds the drivers of the docker nodes added (in-memory ones, say);
 * `localDriver` the local one, from the app's configuration (with options the configuration has not).
 */
export interface TestAppOptions {
  rateLimitRedis?: RedisLike;
  openNode?: OpenNodeDriver;
  localDriver?: (config: PanelConfig) => RuntimeDriver;
}

export async function createTestApp(overrides: Partial<PanelConfig> = {}, { rateLimitRedis, openNode, localDriver }: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'panel-test-'));
  // Servers get disk images only in the tests of the kernel's quota (they pass diskImages: true).
  const config = loadConfig({}, { dataDir, secret: 'test-secret-0123456789abcdef', logLevel: 'silent', demoData: false, diskImages: false, ...overrides });
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, rateLimitRedis, runtimeDriver: memoryDriverChosen() ? new MemoryDriver() : localDriver?.(config), openNode });
  await app.ready();
  return {
    app,
    config,
    async close() {
      try {
        await app.close();
      } finally {
        unmountAllUnder(dataDir);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
