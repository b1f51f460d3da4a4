import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../server/src/plugins/config/loadConfig';
import { connectSources } from '../../../server/src/lib/connectSources';
import { createAdminKey } from '../../../server/src/services/admin/adminKeys';
import { createTestApp, type TestApp } from '../helpers/testApp';

jest.setTimeout(60_000);

const root = join(__dirname, '..', '..', '..');

/** `default-src 'self'; img-src 'self' data:` → { 'default-src': ["'self'"], 'img-src': ["'self'", 'data:'] } */
function parseCsp(header: unknown): Record<string, string[]> {
  const policy: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) policy[name] = values;
  }
  return policy;
}

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'panel-csp-'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><body><div id="app"></div><script defer src="/assets/main.js"></script></body></html>');
  t = await createTestApp({ clientDir, connectSources: connectSources(['https://translations.example.com:8443/', 'http://api.example.com']) });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('the web app page carries a CSP without inline script, framing or foreign sources', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const csp = parseCsp(res.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https://cdn.modrinth.com', 'https://hangarcdn.papermc.io', 'https://www.spigotmc.org', 'https://media.forgecdn.net']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    // The API and translation hosts the app is built with, and their websocket origins.
    expect(csp['connect-src']).toEqual(["'self'", 'https://translations.example.com:8443', 'wss://translations.example.com:8443', 'http://api.example.com', 'ws://api.example.com']);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('API answers, errors included, carry them too', async () => {
    for (const url of ['/api/v2/auth/current', '/api/v2/nothing-here', '/api/languagelist']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('img-src allows the brand logo’s own https site, following the run-time setting', async () => {
    const { key } = await createAdminKey(t.app.db, 'branding');
    const setLogo = (brand_logo_url: string) => t.app.inject({ method: 'PATCH', url: '/api/v2/admin/settings', headers: { authorization: `Bearer ${key}` }, payload: { brand_logo_url } });
    const imageSources = async () => parseCsp((await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).headers['content-security-policy'])['img-src'];
    const fixed = await imageSources();

    expect((await setLogo('https://cdn.example.net:8443/brand/logo.svg?v=2')).statusCode).toBe(200);
    expect(await imageSources()).toEqual([...fixed, 'https://cdn.example.net:8443']);
    expect(parseCsp((await t.app.inject({ method: 'GET', url: '/api/v2/panel/branding' })).headers['content-security-policy'])['img-src']).toContain('https://cdn.example.net:8443');
    // A logo on the panel itself needs nothing more; a refused (http) address changes nothing.
    expect((await setLogo('/logo.png')).statusCode).toBe(200);
    expect(await imageSources()).toEqual(fixed);
    expect((await setLogo('http://plain.example.net/logo.png')).statusCode).toBe(422);
    expect(await imageSources()).toEqual(fixed);
    expect((await setLogo('')).statusCode).toBe(200);
  });

  it('connect-src follows PANEL_API_HOST and TRANSLATIONS_HOST; a bad value stops the start', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panel-csp-config-'));
    try {
      expect(loadConfig({ TRANSLATIONS_HOST: 'http://127.0.0.1:8081' }, { dataDir, secret: 'x' }).connectSources).toEqual(['http://127.0.0.1:8081', 'ws://127.0.0.1:8081']);
      expect(loadConfig({}, { dataDir, secret: 'x' }).connectSources).toEqual([]);
      expect(() => loadConfig({ PANEL_API_HOST: "'unsafe-inline'" }, { dataDir, secret: 'x' })).toThrow(/not an http\(s\) origin/);
      expect(() => loadConfig({ TRANSLATIONS_HOST: 'javascript:alert(1)' }, { dataDir, secret: 'x' })).toThrow(/not an http\(s\) origin/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the page template writes no inline script of its own: only the first frame’s, from the build', () => {
    const html = readFileSync(join(root, 'public', 'index.html'), 'utf8');
    expect(html.match(/<script\b[^>]*>/g) ?? []).toEqual([]);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).toContain('<%= htmlWebpackPlugin.options.firstFrame.head %>');
  });

  it('allows the built page’s inline script by its hash, and no other', async () => {
    const script = "document.documentElement.setAttribute('data-first-frame', 'guest');";
    const dir = mkdtempSync(join(tmpdir(), 'panel-csp-inline-'));
    writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head><script>${script}</script><script defer src="/assets/main.js"></script></head><body></body></html>`);
    const app = await createTestApp({ clientDir: dir });
    try {
      const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
      for (const url of ['/', '/login', '/api/v2/auth/current']) {
        const res = await app.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(parseCsp(res.headers['content-security-policy'])['script-src']).toEqual(["'self'", hash]);
      }
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
