import { randomUUID } from 'node:crypto';
import type { RedisLike } from '../../../server/src/lib/rateLimiter';
import type { ServerRow } from '../../../server/src/db/schema';
import '../helpers/testTemplates';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { createTestServer } from '../helpers/createTestServer';
import { createTestUser, type TestUser } from '../helpers/createTestUser';

/**
 * The limits routes count themselves (`app.rateLimit`) hold with the counters in Redis, as with
 * several panel processes: there the count answers asynchronously, so a route that did not await
 * it let every request through. A stand-in client answers the store's commands after a turn of
 * the event loop, as a network round trip would.
 */
function redisStandIn(): RedisLike {
  const counts = new Map<string, number>();
  const client: RedisLike & Record<string, unknown> = {
    defineCommand(name) {
      client[name] = (key: string, windowMs: number, _max: number, _continue: boolean, _backoff: boolean, done: (error: Error | null, reply: [number, number]) => void) => {
        const current = (counts.get(key) ?? 0) + 1;
        counts.set(key, current);
        setImmediate(() => done(null, [current, windowMs]));
      };
    },
    async eval(_script, _keys, key) {
      counts.set(String(key), Math.max(0, (counts.get(String(key)) ?? 1) - 1));
      return 0;
    },
    async del(...keys) {
      for (const key of keys) counts.delete(key);
      return keys.length;
    },
  };
  return client;
}

jest.setTimeout(120_000);
let t: TestApp;
let owner: TestUser;
let server: ServerRow;

beforeAll(async () => {
  t = await createTestApp({}, { rateLimitRedis: redisStandIn() });
  owner = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user);
});
afterAll(() => t?.close());

/** Sends the same request `times` times; answers the status codes. */
async function statuses(times: number, method: 'POST' | 'PATCH', path: string, payload?: object): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < times; i++) {
    const res = await t.app.inject({ method, url: `/api/v2/servers/${server.uuid}/${path}`, headers: owner.headers, payload });
    codes.push(res.statusCode);
  }
  return codes;
}

describe('rate limits routes count themselves, with the counters in Redis', () => {
  it('refuses the 11th restore within a minute', async () => {
    const codes = await statuses(11, 'POST', `backups/${randomUUID()}/restore`, {});
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(codes[10]).toBe(429);
  });

  it('refuses the 21st schedule run within a minute', async () => {
    const codes = await statuses(21, 'POST', `schedules/${randomUUID()}/run`);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(codes[20]).toBe(429);
  });

  it('refuses the 61st schedule change within a minute', async () => {
    const codes = await statuses(61, 'PATCH', `schedules/${randomUUID()}`, { name: 'Renamed' });
    expect(codes.slice(0, 60)).toEqual(Array(60).fill(404));
    expect(codes[60]).toBe(429);
  });
});
