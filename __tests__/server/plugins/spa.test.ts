import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { FieldErrors } from '../../../server/src/lib/fieldErrors';
import { createTestApp, type TestApp } from '../helpers/testApp';

// Opening a database copy takes seconds on a busy machine.
jest.setTimeout(60_000);

// As the build writes it (minified): the first frame's brand names the panel "Game Panel".
const indexHtml =
  '<!doctype html><html><head><title>Game Panel</title></head><body><div id="first-frame"><span class=ff-brand><span data-ff-brand-name>Game Panel</span></span></div>' +
  '<div id="app"></div><script src="/assets/main.0123456789abcdef.js"></script></body></html>';
/** index.html as served with the default branding: the branding's JSON in a meta element at the end of the head. */
const servedIndexHtml = indexHtml.replace(
  '</head>',
  '<meta name="panel-branding" content="{&quot;brand_name&quot;:&quot;&quot;,&quot;brand_logo_url&quot;:null,&quot;signup_open&quot;:true}"></head>',
);
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
    expect(res.body).toBe(servedIndexHtml);
  });

  it("writes the branding into index.html, escaped, with the host's name in the first frame; a new name makes a new page", async () => {
    const hostile = 'Block<host> & "co\'';
    await t.app.panelSettings.update({ brand_name: hostile, brand_logo_url: '/logo.png', signup_open: false }, new FieldErrors(), null);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/server/abc123', headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<host>');
      const meta = /<meta name="panel-branding" content="([^"]*)"><\/head>/.exec(res.body)?.[1] ?? '';
      const decoded = meta
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
      expect(JSON.parse(decoded)).toEqual({ brand_name: hostile, brand_logo_url: '/logo.png', signup_open: false });
      expect(res.body).toContain('<span data-ff-brand-name>Block&lt;host&gt; &amp; "co\'</span>');
      // The API says the same.
      expect((await t.app.inject({ method: 'GET', url: '/api/v2/panel/branding' })).json()).toEqual({ brand_name: hostile, brand_logo_url: '/logo.png', signup_open: false });
    } finally {
      await t.app.panelSettings.update({ brand_name: '', brand_logo_url: '', signup_open: true }, new FieldErrors(), null);
    }
    expect((await t.app.inject({ method: 'GET', url: '/', headers: html })).body).toBe(servedIndexHtml);
  });

  it('sends index.html compressed as the browser takes it, with an ETag that a revalidation answers with 304', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/login', headers: { ...html, 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(servedIndexHtml);
    const gzip = await t.app.inject({ method: 'GET', url: '/login', headers: { ...html, 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(servedIndexHtml);
    const etag = String(br.headers.etag);
    expect(gzip.headers.etag).toBe(etag);
    const again = await t.app.inject({ method: 'GET', url: '/', headers: { ...html, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await t.app.panelSettings.update({ brand_name: 'Blockhost' }, new FieldErrors(), null);
    try {
      const renamed = await t.app.inject({ method: 'GET', url: '/', headers: { ...html, 'if-none-match': etag } });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.headers.etag).not.toBe(etag);
      expect(renamed.body).toContain('<span data-ff-brand-name>Blockhost</span>');
    } finally {
      await t.app.panelSettings.update({ brand_name: '' }, new FieldErrors(), null);
    }
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
    expect(res.body).toBe(servedIndexHtml);
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
