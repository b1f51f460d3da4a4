import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildTranslationService } from '../../server/src/translationService';
import { defaultTranslationsDir } from '../../server/src/services/translations/translationStore';
import { createTestApp, type TestApp } from './helpers/testApp';

const RTL_AND_OTHERS = ['en', 'ar', 'fa', 'he', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ru', 'uk', 'tr', 'ja', 'zh'];

// Opening a database copy and argon2 checks can take seconds on a busy machine.
jest.setTimeout(60_000);
describe('translation service on its own', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'translations-'));
    writeFileSync(
      join(dir, 'languages.json'),
      JSON.stringify([
        { code: 'en', showInSelect: true },
        { code: 'de', showInSelect: true },
        { code: 'xx', showInSelect: false },
      ]),
    );
    writeFileSync(join(dir, 'en.json'), JSON.stringify({ auth: { login: 'Log in' }, flat: 'Flat' }));
    writeFileSync(join(dir, 'secret.json'), JSON.stringify({ not: 'listed' }));
    app = await buildTranslationService({ dir, logLevel: 'silent' });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the languages with showInSelect, CORS open', async () => {
    const res = await app.inject({ url: '/api/languagelist', headers: { origin: 'https://panel.example.net' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toEqual([
      { code: 'en', showInSelect: true },
      { code: 'de', showInSelect: true },
      { code: 'xx', showInSelect: false },
    ]);
  });

  it('answers the dictionary of a language as stored (nested or flat)', async () => {
    const res = await app.inject({ url: '/api/language?code=en&ns=translation' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toEqual({ auth: { login: 'Log in' }, flat: 'Flat' });
  });

  it.each([
    ['a listed language without a file', 'de'],
    ['an unknown code', 'qq'],
    ['a file that is not in the list', 'secret'],
    ['path characters', '../en'],
    ['an encoded path', '..%2Fen'],
    ['a dot', 'en.json'],
  ])('answers 404 with a message for %s', async (_label, code) => {
    const res = await app.inject({ url: `/api/language?code=${code}&ns=translation` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Language not found.' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers 404 for another namespace and 422 without a code', async () => {
    expect((await app.inject({ url: '/api/language?code=en&ns=other' })).statusCode).toBe(404);
    const missing = await app.inject({ url: '/api/language' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ code: ['This field is required'] });
  });

  it('answers CORS preflight requests', async () => {
    const res = await app.inject({ method: 'OPTIONS', url: '/api/language', headers: { origin: 'https://panel.example.net', 'access-control-request-method': 'GET' } });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('GET');
  });
});

describe('translation service inside the panel', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the repository languages: all sixteen, each selectable', async () => {
    const res = await t.app.inject({ url: '/api/languagelist' });
    expect(res.json()).toEqual(RTL_AND_OTHERS.map((code) => ({ code, showInSelect: true })));
    const en = await t.app.inject({ url: '/api/language?code=en&ns=translation' });
    expect(en.statusCode).toBe(200);
    expect(en.json()).toEqual(JSON.parse(readFileSync(join(defaultTranslationsDir(), 'en.json'), 'utf8')));
  });

  it('keeps CORS off the panel API', async () => {
    const res = await t.app.inject({ url: '/api/v2/auth/current', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/v2/auth/login', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
