import { createTestApp, type TestApp } from '../../helpers/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v2/openapi.json', () => {
  it('serves an OpenAPI 3 document whose paths are relative to /api/v2', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([{ url: '/api/v2' }]);
    for (const path of Object.keys(doc.paths)) expect(path.startsWith('/api/v2')).toBe(false);
  });

  it('answers unknown API routes with 404 and a message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not found/);
  });
});
