import { createServer, type Server } from 'node:http';
import { CloudflareProvider } from '../../../../server/src/services/network/dns/CloudflareProvider';
import { DnsError } from '../../../../server/src/services/network/dns/DnsProvider';
import { subdomainRecordSets } from '../../../../server/src/services/network/subdomainRecords';

/**
 * Cloudflare's API replayed by a local HTTP server: the answers are the documented JSON shapes
 * (https://developers.cloudflare.com/api/resources/dns/subresources/records/), the requests are
 * recorded and checked.
 */
interface Seen {
  method: string;
  url: string;
  auth: string | undefined;
  body: unknown;
}
let http: Server;
let base: string;
let seen: Seen[] = [];
let answers: Record<string, { status: number; body: unknown }> = {};

const envelope = (result: unknown) => ({ success: true, errors: [], messages: [], result });

beforeAll(async () => {
  http = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, body: text ? JSON.parse(text) : undefined });
      const key = `${req.method} ${req.url!.split('?')[0]}`;
      const answer = answers[key] ?? {
        status: 404,
        body: { success: false, errors: [{ code: 7003, message: 'Could not route to /zones, perhaps your object identifier is invalid?' }], messages: [], result: null },
      };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as { port: number }).port}/client/v4`;
});
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));
beforeEach(() => {
  seen = [];
  answers = {
    'GET /client/v4/zones': { status: 200, body: envelope([{ id: '023e105f4ecef8ad9ca31a8372d0c353', name: 'play.example.com', status: 'active' }]) },
    'GET /client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/dns_records': {
      status: 200,
      body: envelope([{ id: '372e67954025e0ba6aaa6d586b9e0b59', name: 'survival.play.example.com', type: 'A', content: '198.51.100.4', ttl: 300, proxied: false }]),
    },
    'POST /client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/dns_records/batch': { status: 200, body: envelope({ deletes: [], patches: [], puts: [], posts: [] }) },
  };
});

it('replaces the records in one batch: old ones deleted, SRV sent with its data fields', async () => {
  const provider = new CloudflareProvider({ apiToken: 'test-token', baseUrl: base });
  await provider.apply('play.example.com', subdomainRecordSets('survival', 'play.example.com', '203.0.113.7', 25570), 120);
  expect(seen[0]).toMatchObject({ method: 'GET', url: '/client/v4/zones?name=play.example.com', auth: 'Bearer test-token' });
  const batch = seen.find((s) => s.url.endsWith('/batch'))!;
  expect(batch.method).toBe('POST');
  const body = batch.body as { deletes: { id: string }[]; posts: Record<string, unknown>[] };
  // The listing answers one record for each of the four sets.
  expect(body.deletes).toHaveLength(4);
  expect(body.posts).toEqual([
    { type: 'A', name: 'survival.play.example.com', content: '203.0.113.7', ttl: 120, proxied: false },
    { type: 'SRV', name: '_minecraft._tcp.survival.play.example.com', ttl: 120, data: { priority: 0, weight: 5, port: 25570, target: 'survival.play.example.com' } },
  ]);
  // The zone id is looked up once.
  seen = [];
  await provider.apply('play.example.com', subdomainRecordSets('survival', 'play.example.com', '203.0.113.7', null), 120);
  expect(seen.filter((s) => s.url.startsWith('/client/v4/zones?'))).toHaveLength(0);
  expect((seen.find((s) => s.url.endsWith('/batch'))!.body as { posts: unknown[] }).posts).toEqual([]);
});

it('turns Cloudflare’s error answers and an unreachable API into a DnsError with the reason', async () => {
  answers['GET /client/v4/zones'] = { status: 403, body: { success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [], result: null } };
  const provider = new CloudflareProvider({ apiToken: 'bad', baseUrl: base });
  const error = await provider.apply('play.example.com', subdomainRecordSets('x', 'play.example.com', '203.0.113.7', 25565), 60).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DnsError);
  expect((error as Error).message).toBe('Cloudflare refused the change: Authentication error (10000)');
  answers['GET /client/v4/zones'] = { status: 200, body: envelope([]) };
  await expect(provider.apply('play.example.com', subdomainRecordSets('x', 'play.example.com', '203.0.113.7', 25565), 60)).rejects.toThrow('Cloudflare has no zone play.example.com');
  const down = new CloudflareProvider({ apiToken: 't', baseUrl: 'http://127.0.0.1:1/client/v4', timeoutMs: 2000 });
  await expect(down.apply('play.example.com', subdomainRecordSets('x', 'play.example.com', '203.0.113.7', 25565), 60)).rejects.toThrow(/Cloudflare could not be reached/);
});
