import { LazySchemaCompilers } from '../../../server/src/lib/lazySchemaCompilers';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { createTestUser } from '../helpers/createTestUser';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('route schemas compiled on first use', () => {
  it('still refuse bad input with the same per-field answer, and coerce and default as before', async () => {
    const owner = await createTestUser(t.app);
    // The first request of a route compiles its schema; validation answers as it always did.
    const patch = (body: unknown) => t.app.inject({ method: 'PATCH', url: '/api/v2/account', headers: { ...owner.headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    const bad = await patch({ language: 'not a language', time_format: 13 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['language', 'time_format']);
    // Ajv still coerces ("24" → 24) and the answer is still shaped by its schema.
    const good = await patch({ time_format: '24' });
    expect(good.statusCode).toBe(200);
    expect(good.json().data.user.time_format).toBe(24);
  });

  it('every schema of the API compiles', async () => {
    // Schemas not used yet compile now; one that cannot compile throws here, not for a customer.
    expect(t.app.schemaCompilers.compileAll()).toBeGreaterThan(100);
    expect(t.app.schemaCompilers.compileAll()).toBe(0);
  });
});

describe('compiling in the background', () => {
  /** Compilers with `count` answer schemas waiting to be compiled. */
  function compilersWaiting(count: number): LazySchemaCompilers {
    const compilers = new LazySchemaCompilers();
    const serializerFor = compilers.serializerFactory({}, {});
    for (let index = 0; index < count; index += 1) {
      const schema = { type: 'object', properties: { [`field${index}`]: { type: 'string' }, size: { type: 'integer' } } };
      serializerFor({ schema, method: 'GET', url: `/route-${index}`, httpStatus: '200' });
    }
    return compilers;
  }

  /** Keeps the event loop busy for `ms` in turns of 4 ms (as a large listing does between its batches). */
  const busyTurns = (ms: number) =>
    new Promise<void>((resolve) => {
      const end = performance.now() + ms;
      const turn = () => {
        const until = Math.min(end, performance.now() + 4);
        while (performance.now() < until);
        if (performance.now() < end) setImmediate(turn);
        else resolve();
      };
      turn();
    });

  /** A client sending request after request: 30 ms of work, then a pause of 12 ms while it reads the answer, for `ms`. */
  const requestAfterRequest = async (ms: number) => {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      await busyTurns(30);
      await new Promise((resolve) => setTimeout(resolve, 12));
    }
  };

  it('waits while the event loop is busy, and compiles everything once it is idle', async () => {
    const compilers = compilersWaiting(20);
    compilers.compileInBackground((error) => {
      throw error;
    });
    await busyTurns(300);
    expect(compilers.waiting).toBe(20);
    await requestAfterRequest(300);
    expect(compilers.waiting).toBe(20);
    const deadline = Date.now() + 10_000;
    while (compilers.waiting > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(compilers.waiting).toBe(0);
  });
});
