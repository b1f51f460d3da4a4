import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { COMPRESS_MIN_BYTES } from '../../../server/src/lib/compressedAnswer';
import { compressionPlugin } from '../../../server/src/plugins/compression';
import { createTestApp, type TestApp } from '../helpers/testApp';

// A large JSON answer, shaped like the panel's lists.
const rows = Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `server-${i}`, state: i % 3 ? 'running' : 'offline' }));
const csv = ['id,name', ...rows.map((row) => `${row.id},${row.name}`)].join('\n');

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(compressionPlugin);
  app.get('/object', async () => ({ data: rows }));
  app.get('/small', async () => ({ data: rows.slice(0, 3) }));
  app.get('/csv', async (_request, reply) => reply.type('text/csv; charset=utf-8').header('vary', 'origin').send(csv));
  app.get('/binary', async (_request, reply) => reply.type('application/octet-stream').send(Buffer.alloc(COMPRESS_MIN_BYTES * 2)));
  app.get('/stream', async (_request, reply) => reply.type('text/plain').send(Readable.from([csv])));
  app.get('/encoded', async (_request, reply) => reply.type('application/json').header('content-encoding', 'gzip').send(Buffer.from('already')));
  await app.ready();
});

afterAll(() => app.close());

describe('the compression of answers', () => {
  it('compresses a large JSON answer with br, else gzip, byte for byte the same', async () => {
    const plain = await app.inject({ method: 'GET', url: '/object' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const br = await app.inject({ method: 'GET', url: '/object', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gzip = await app.inject({ method: 'GET', url: '/object', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('compresses text such as CSV too, adding to the Vary already set', async () => {
    const res = await app.inject({ method: 'GET', url: '/csv', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('origin, accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(csv);
  });

  it('leaves small answers, other types, streams and answers already encoded as they are', async () => {
    const small = await app.inject({ method: 'GET', url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ data: rows.slice(0, 3) });

    const binary = await app.inject({ method: 'GET', url: '/binary', headers: { 'accept-encoding': 'br' } });
    expect(binary.headers['content-encoding']).toBeUndefined();
    expect(binary.rawPayload.length).toBe(COMPRESS_MIN_BYTES * 2);

    const stream = await app.inject({ method: 'GET', url: '/stream', headers: { 'accept-encoding': 'br' } });
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.body).toBe(csv);

    const encoded = await app.inject({ method: 'GET', url: '/encoded', headers: { 'accept-encoding': 'br' } });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(encoded.body).toBe('already');
  });
});

describe('in the panel', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends the API document compressed', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/v2/openapi.json' });
    const br = await t.app.inject({ method: 'GET', url: '/api/v2/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });
});
