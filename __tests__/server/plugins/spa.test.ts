import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
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

describe('the opened route’s code, preloaded by the page', () => {
  let t: TestApp;
  let clientDir: string;
  // As the build writes route-preloads.json: each route's path segments, whether it needs a login, its files.
  const table = {
    routes: [
      [[], true, ['/assets/layout-dashboard.1.js', '/assets/page-dashboard.1.js']],
      [['login'], false, ['/assets/page-login.1.js']],
      [['server', ':id', 'console'], true, ['/assets/layout-server.1.js', '/assets/page-console.1.js', '/assets/page-console.1.css']],
    ],
  };
  const writeTable = (content: string, at: Date) => {
    writeFileSync(join(clientDir, 'route-preloads.json'), content);
    utimesSync(join(clientDir, 'route-preloads.json'), at, at);
  };
  const page = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: html })).body;
  const preloads = (body: string) => [...body.matchAll(/<link rel="preload" as="(\w+)" href="([^"]+)">/g)].map((match) => `${match[1]} ${match[2]}`);
  beforeAll(async () => {
    clientDir = makeClientDir();
    writeTable(JSON.stringify(table), new Date(2026, 0, 1));
    t = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('preloads the files of the route the address opens, at the end of the head, and marks a page for logged-in users', async () => {
    const body = await page('/Server/ab12/console/?tab=1');
    expect(preloads(body)).toEqual(['script /assets/layout-server.1.js', 'script /assets/page-console.1.js', 'style /assets/page-console.1.css']);
    expect(body).toMatch(/^<!doctype html><html data-login-required><head>/);
    expect(body.indexOf('<link rel="preload"')).toBeGreaterThan(body.indexOf('<title>'));
    expect(body.indexOf('<link rel="preload"')).toBeLessThan(body.indexOf('</head>'));
    const login = await page('/login');
    expect(preloads(login)).toEqual(['script /assets/page-login.1.js']);
    expect(login).not.toContain('data-login-required');
    expect(preloads(await page('/'))).toEqual(['script /assets/layout-dashboard.1.js', 'script /assets/page-dashboard.1.js']);
  });

  it('preloads nothing for an address no route matches, nor for index.html by name', async () => {
    for (const url of ['/no/such/page', '/server/ab12/console/extra', '/index.html']) {
      const body = await page(url);
      expect({ url, preloads: preloads(body) }).toEqual({ url, preloads: [] });
      expect(body).not.toContain('data-login-required');
    }
  });

  it('gives each route’s page its own ETag, and reads a new build’s table', async () => {
    const console1 = await t.app.inject({ method: 'GET', url: '/server/ab12/console', headers: html });
    const dashboard = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(console1.headers.etag).not.toBe(dashboard.headers.etag);
    const other = await t.app.inject({ method: 'GET', url: '/server/cd34/console', headers: { ...html, 'if-none-match': String(console1.headers.etag) } });
    expect(other.statusCode).toBe(304);
    try {
      writeTable(JSON.stringify({ routes: [[['server', ':id', 'console'], true, ['/assets/page-console.2.js']]] }), new Date(2026, 0, 2));
      expect(preloads(await page('/server/ab12/console'))).toEqual(['script /assets/page-console.2.js']);
      // A table that is not one (a damaged file) leaves the pages without preloads, and served.
      writeTable('{"routes": [[["login"], "no", 3]]}', new Date(2026, 0, 3));
      const res = await t.app.inject({ method: 'GET', url: '/login', headers: html });
      expect(res.statusCode).toBe(200);
      expect(preloads(res.body)).toEqual([]);
    } finally {
      writeTable(JSON.stringify(table), new Date(2026, 0, 1));
    }
  });

  it('escapes the file names it writes into the page', async () => {
    try {
      writeTable(JSON.stringify({ routes: [[['login'], false, ['/assets/a"><script>alert(1)</script>.js']]] }), new Date(2026, 0, 4));
      const body = await page('/login');
      expect(body).toContain('href="/assets/a&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;.js"');
      expect(body).not.toContain('<script>alert(1)');
    } finally {
      writeTable(JSON.stringify(table), new Date(2026, 0, 1));
    }
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
