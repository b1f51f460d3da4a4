import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../helpers/testApp';

// Opening a database copy takes seconds on a busy machine.
jest.setTimeout(60_000);

const indexHtml = '<!doctype html><html><body><div id="app"></div><script src="/assets/main.0123456789abcdef.js"></script></body></html>';
const mainJs = `console.log(${JSON.stringify('panel '.repeat(400))});`;

function makeClientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'panel-spa-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), indexHtml);
  writeFileSync(join(dir, 'assets', 'main.0123456789abcdef.js'), mainJs);
  writeFileSync(join(dir, 'assets', 'main.0123456789abcdef.js.gz'), gzipSync(mainJs));
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(join(dir, '.secret'), 'hidden');
  return dir;
}

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('serving the built web app', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = makeClientDir();
    t = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves index.html at / without long caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(indexHtml);
  });

  it('serves hashed assets with a one-year immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main.0123456789abcdef.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(mainJs);
  });

  it('serves the pre-compressed copy to browsers that accept gzip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main.0123456789abcdef.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(mainJs);
  });

  it('serves other files of the build with revalidation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/login', '/server/abc123/console', '/account/edit?tab=security'])('answers the client route %s with index.html', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(indexHtml);
  });

  it('answers HEAD like GET', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/sign-up', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('keeps unknown API addresses a JSON 404, even for a browser', async () => {
    for (const url of ['/api/v2/nope', '/api/nope', '/api']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().message).toMatch(/not found/);
    }
  });

  it('does not answer non-page requests for missing files with index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing.0123456789abcdef.js', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('never serves dot files or anything outside the build', async () => {
    const dotFile = await t.app.inject({ method: 'GET', url: '/.secret' });
    expect(dotFile.statusCode).toBe(404);
    for (const url of ['/../package.json', '/assets/..%2f..%2fpackage.json', '/%2e%2e/package.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('"name"');
    }
  });

  it('still routes the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/auth/current', headers: html });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('without a build', () => {
  it('serves no pages, only the API', async () => {
    const emptyDir = mkdtempSync(join(tmpdir(), 'panel-nospa-'));
    const t = await createTestApp({ clientDir: emptyDir });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/login', headers: html });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    } finally {
      await t.close();
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});
