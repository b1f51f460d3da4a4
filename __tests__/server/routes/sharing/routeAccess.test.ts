import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { serverPermissions, type ServerRow } from '../../../../server/src/db/schema';
import { permissionKeys, type PermissionKey } from '../../../../server/src/schemas/permissions';
import type { ServerScopedRoute } from '../../../../server/src/plugins/serverAccess';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import type { TestApp } from '../../helpers/testApp';
import { requestSamples, type OpenApiDocument } from './requestSamples';

jest.setTimeout(120_000);

let t: TestApp;
let server: ServerRow;
let subuser: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await createRuntimeTestApp();
  const owner = await createTestUser(t.app);
  subuser = await createTestUser(t.app);
  outsider = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user, { name: 'Guarded' });
  await t.app.db.insert(serverPermissions).values({ serverId: server.id, userId: subuser.user.id, permissions: [] });
  // The outsider uses another server of the same owner: access there must not leak here.
  const other = await createTestServer(t.app, owner.user, { name: 'Elsewhere' });
  await t.app.db.insert(serverPermissions).values({ serverId: other.id, userId: outsider.user.id, permissions: [...permissionKeys] });
});
afterAll(() => t.close());

/** `/api/v2/servers/:id/users/:subuser` → the URL for this server, other params filled with fresh uuids. */
function concreteUrl(route: ServerScopedRoute): string {
  return route.url
    .replace(/:id(\([^)]*\))?/, server.shortId)
    .replace(/:\w+(\([^)]*\))?/g, () => randomUUID())
    .replace(/\*$/, 'x');
}

/** The OpenAPI path of a route: `/servers/{id}/users/{subuser}`. */
const openApiPath = (url: string): string => url.replace(/^\/api\/v2/, '').replace(/:(\w+)(\([^)]*\))?/g, '{$1}');

interface Probe {
  method: string;
  url: string;
  query: Record<string, string>;
  body: unknown;
  /** The key the request needs, or null when seeing the server is enough. */
  key: PermissionKey | null;
}

/**
 * One request per permission a route can need: fixed-key routes need one; routes whose key
 * depends on the request (power: start, stop, restart) get one per key their samples produce.
 */
function probesFor(route: ServerScopedRoute, doc: OpenApiDocument): Probe[] {
  const url = concreteUrl(route);
  const samples = requestSamples(doc, openApiPath(route.url), route.method);
  const rule = route.permission;
  if (typeof rule !== 'function') return [{ method: route.method, url, ...samples[0], key: rule }];
  const byKey = new Map<PermissionKey, Probe>();
  for (const sample of samples) {
    let key: PermissionKey;
    try {
      key = rule({ body: sample.body, query: sample.query, params: { id: server.shortId }, method: route.method, url } as unknown as FastifyRequest);
    } catch {
      continue;
    }
    if (!byKey.has(key)) byKey.set(key, { method: route.method, url, ...sample, key });
  }
  return [...byKey.values()];
}

async function send(probe: Probe, user: TestUser): Promise<number> {
  const res = await t.app.inject({
    method: probe.method as 'GET',
    url: probe.url,
    query: probe.query,
    headers: user.headers,
    ...(probe.body === undefined || probe.method === 'GET' ? {} : { payload: probe.body as object }),
  });
  return res.statusCode;
}

/** Gives the subuser every key except `key` (the reduction applies to the very next request). */
async function everyKeyBut(key: PermissionKey): Promise<void> {
  await t.app.db
    .update(serverPermissions)
    .set({ permissions: permissionKeys.filter((k) => k !== key), roleId: null })
    .where(and(eq(serverPermissions.serverId, server.id), eq(serverPermissions.userId, subuser.user.id)));
}

describe('every server-scoped route', () => {
  it('answers 404 to callers without access and 403 to a subuser lacking exactly the needed key', async () => {
    const routes = t.app.serverScopedRoutes;
    const doc = t.app.swagger() as unknown as OpenApiDocument;
    const listed = routes.map((r) => `${r.method} ${r.url}`);
    // The registry is what this test walks: the sharing routes and the power route must be in it.
    expect(listed).toEqual(
      expect.arrayContaining([
        'GET /api/v2/servers/:id/users',
        'POST /api/v2/servers/:id/users',
        'PATCH /api/v2/servers/:id/users/:subuser',
        'DELETE /api/v2/servers/:id/users/:subuser',
        'GET /api/v2/servers/:id/roles',
        'POST /api/v2/servers/:id/roles',
        'PATCH /api/v2/servers/:id/roles/:role',
        'DELETE /api/v2/servers/:id/roles/:role',
        'GET /api/v2/servers/:id/activity',
        'GET /api/v2/servers/:id/activity/export',
        'POST /api/v2/servers/:id/power',
      ]),
    );

    const failures: string[] = [];
    const checkedKeys = new Set<string>();
    for (const route of routes) {
      const probes = probesFor(route, doc);
      if (probes.length === 0) failures.push(`${route.method} ${route.url}: no sample request yields a permission key`);
      for (const probe of probes) {
        const label = `${probe.method} ${route.url}${probe.key ? ` (${probe.key})` : ''}`;
        const outside = await send(probe, outsider);
        if (outside !== 404) failures.push(`${label}: caller without access got ${outside}, expected 404`);
        if (!probe.key) continue;
        checkedKeys.add(probe.key);
        await everyKeyBut(probe.key);
        const lacking = await send(probe, subuser);
        if (lacking !== 403) failures.push(`${label}: subuser without ${probe.key} got ${lacking}, expected 403`);
      }
    }
    expect(failures).toEqual([]);
    // The power route's key depends on the body: each of its keys was tried.
    expect([...checkedKeys]).toEqual(expect.arrayContaining(['control.start', 'control.stop', 'control.restart', 'user.create', 'activity.read']));
  });
});
