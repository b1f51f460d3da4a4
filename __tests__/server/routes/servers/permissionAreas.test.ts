import { buildApp } from '../../../../server/src/app';
import { loadConfig } from '../../../../server/src/plugins/config/loadConfig';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { permissionGroups, type PermissionKey } from '../../../../server/src/schemas/permissions';
import { createTestUser } from '../../helpers/createTestUser';
import { openTestDatabase } from '../../helpers/testDatabase';
import type { DatabaseHandle } from '../../../../server/src/db/client';

type Listed = { data: Array<{ group: string; keys: Array<{ key: string }>; available: boolean }> };

let database: DatabaseHandle;
let plain: Panel;

type Panel = { app: FastifyInstance; close: () => Promise<void> };

/** A real panel on the file's database; `extra` adds routes before it is ready (as a new area's routes would be). */
async function panel(extra?: (app: FastifyInstance) => void): Promise<Panel> {
  const dataDir = mkdtempSync(join(tmpdir(), 'panel-test-'));
  const config = loadConfig({}, { dataDir, secret: 'test-secret-0123456789abcdef', logLevel: 'silent', demoData: false, diskImages: false });
  const app = await buildApp({ config, database, closeDatabase: false });
  extra?.(app);
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// One database and one panel as built for the file; the panel with a probe route opens on the same database.
beforeAll(async () => {
  database = await openTestDatabase();
  plain = await panel();
});
afterAll(async () => {
  await plain?.close();
  await database?.close();
});

async function listAreas(app: FastifyInstance): Promise<Map<string, boolean>> {
  const owner = await createTestUser(app);
  const response = await app.inject({ method: 'GET', url: '/api/v2/permissions', headers: owner.headers });
  expect(response.statusCode).toBe(200);
  const body = response.json<Listed>();
  // Every key is still listed (grants of areas to come keep their meaning).
  expect(body.data.flatMap((group) => group.keys.map((entry) => entry.key))).toHaveLength(Object.values(permissionGroups).reduce((sum, group) => sum + Object.keys(group.keys).length, 0));
  return new Map(body.data.map((group) => [group.group, group.available]));
}

describe('GET /permissions: which areas work', () => {
  it('marks available exactly the areas whose keys a server route checks', async () => {
    const areas = await listAreas(plain.app);
    const checked = new Set(plain.app.serverScopedRoutes.flatMap(({ permission }) => (typeof permission === 'string' ? [permission.split('.')[0]] : [])));
    for (const [group, available] of areas) expect({ group, available }).toEqual({ group, available: checked.has(group) });
    for (const working of ['websocket', 'control', 'file', 'user', 'role', 'activity', 'config', 'backup', 'schedule', 'players'])
      expect({ working, available: areas.get(working) }).toEqual({ working, available: true });
  });

  it('makes an area available as soon as a route checks one of its keys', async () => {
    // A group no route checks yet; the probe route below is the only one that checks it.
    const unchecked = [...(await listAreas(plain.app))].find(([, available]) => !available)?.[0];
    if (!unchecked) return; // every area is built: nothing left to flip
    const probeKey = `${unchecked}.${Object.keys(permissionGroups[unchecked as keyof typeof permissionGroups].keys)[0]}` as PermissionKey;
    const { app, close } = await panel((instance) => {
      instance.get('/api/v2/servers/:id/area-probe', { config: { serverPermission: probeKey } }, async () => ({ ok: true }));
    });
    try {
      expect((await listAreas(app)).get(unchecked)).toBe(true);
    } finally {
      await close();
    }
  });
});
