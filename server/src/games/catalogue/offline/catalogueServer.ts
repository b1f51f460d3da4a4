import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { makeArtefacts, type Artefact } from './artefacts';
import { answerExtensionApi } from './extensionApis';

/** Where the recorded answers live: one file per API path, `{{BASE}}` and digests filled in when served. */
export const RECORDINGS_DIR = join(__dirname, 'recordings');

const LAST_MODIFIED = 'Fri, 10 Jan 2025 12:00:00 GMT';

export interface LocalCatalogue {
  /** Base URL: the APIs answer under <url>/mojang, <url>/papermc ... (see localEndpoints). */
  url: string;
  artefacts: Map<string, Artefact>;
  /** Every request path served, in order (tests count them to see the cache at work). */
  requests: string[];
  /** Serves other bytes for this artefact (its checksum in the recordings stays): a tampered download. */
  tamper(name: string, on?: boolean): void;
  /** Answers 404 to every request whose path starts with `prefix` (a project the catalogue withdrew). */
  withdraw(prefix: string, on?: boolean): void;
  /** Drops every connection, as an unreachable API. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

function render(template: string, base: string, artefacts: Map<string, Artefact>): string {
  return template.replaceAll('{{BASE}}', base).replace(/\{\{(sha1|sha256|sha512|md5|size):([\w.\-+]+)\}\}/g, (_, kind: string, name: string) => {
    const a = artefacts.get(name);
    if (!a) throw new Error(`The recordings name an unknown artefact "${name}".`);
    return kind === 'size' ? String(a.bytes.length) : a[kind as 'sha1' | 'sha256' | 'sha512' | 'md5'];
  });
}

/**
 * A local stand-in for the public catalogue APIs, for tests and the offline demo: it serves the
 * recorded answers (real shapes, refreshed by `npm run catalogue:record`) with ETag and Last-Modified,
 * answers conditional requests with 304, and serves small real artefacts whose digests the
 * recordings carry. Listens on 127.0.0.1 on a free port.
 */
export async function startLocalCatalogue(port = 0): Promise<LocalCatalogue> {
  const list = await makeArtefacts();
  const artefacts = new Map(list.map((a) => [a.name, a]));
  const byPath = new Map(list.map((a) => [a.path, a]));
  const tampered = new Set<string>();
  const withdrawn = new Set<string>();
  const requests: string[] = [];
  let down = false;
  let base = '';

  const send = (req: IncomingMessage, res: ServerResponse, body: Buffer, type: string) => {
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag, 'last-modified': LAST_MODIFIED });
      return res.end();
    }
    res.writeHead(200, { 'content-type': type, 'content-length': body.length, etag, 'last-modified': LAST_MODIFIED });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const readRecording = (relative: string): unknown => {
    const file = join(RECORDINGS_DIR, normalize(relative));
    if (!file.startsWith(RECORDINGS_DIR) || !existsSync(file)) return null;
    return JSON.parse(render(readFileSync(file, 'utf8'), base, artefacts)) as unknown;
  };
  const listRecordings = (folder: string): string[] => {
    const dir = join(RECORDINGS_DIR, normalize(folder));
    if (!dir.startsWith(RECORDINGS_DIR) || !existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.replace(/\.json$/, ''));
  };

  const server = createServer((req, res) => {
    if (down) return req.socket.destroy();
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
      return;
    }
    handle(req, res, '');
  });

  const handle = (req: IncomingMessage, res: ServerResponse, requestBody: string) => {
    const url = new URL(req.url ?? '/', base);
    const path = decodeURIComponent(url.pathname).replace(/^\/+/, '');
    requests.push(url.pathname);
    if ([...withdrawn].some((prefix) => url.pathname.startsWith(prefix))) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: 'not_found', description: 'the requested resource does not exist' }));
    }
    const encoded = url.pathname.replace(/^\/+/, '');
    const artefact = byPath.get(encoded) ?? byPath.get(path);
    if (artefact) {
      const bytes = tampered.has(artefact.name) ? Buffer.concat([artefact.bytes, Buffer.from('tampered')]) : artefact.bytes;
      return send(req, res, bytes, 'application/java-archive');
    }
    // Maven publishes digests beside each file.
    const digest = /^(.*)\.(sha1|sha256|md5)$/.exec(encoded);
    if (digest && byPath.has(digest[1])) return send(req, res, Buffer.from(byPath.get(digest[1])![digest[2] as 'sha1']), 'text/plain');
    const safe = normalize(path);
    if (safe.startsWith('..')) return res.writeHead(400).end();
    let parsedBody: unknown;
    try {
      parsedBody = requestBody ? JSON.parse(requestBody) : null;
    } catch {
      return res.writeHead(400).end();
    }
    const answer = answerExtensionApi(req.method ?? 'GET', safe, url.searchParams, parsedBody, readRecording, listRecordings);
    if (answer !== undefined) {
      if (answer === null) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: 'not_found', description: 'the requested resource does not exist' }));
      }
      return send(req, res, Buffer.from(JSON.stringify(answer)), 'application/json');
    }
    for (const candidate of [safe, `${safe}.json`]) {
      const file = join(RECORDINGS_DIR, candidate);
      if (file.startsWith(RECORDINGS_DIR) && existsSync(file) && !file.endsWith('/')) {
        try {
          const body = Buffer.from(render(readFileSync(file, 'utf8'), base, artefacts));
          return send(req, res, body, file.endsWith('.xml') ? 'application/xml' : 'application/json');
        } catch {
          continue;
        }
      }
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'not found' }));
  };
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    artefacts,
    requests,
    tamper: (name, on = true) => void (on ? tampered.add(name) : tampered.delete(name)),
    withdraw: (prefix, on = true) => void (on ? withdrawn.add(prefix) : withdrawn.delete(prefix)),
    setDown: (value) => void (down = value),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
