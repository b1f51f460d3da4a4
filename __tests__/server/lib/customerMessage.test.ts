import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { customerMessage, jobFailureReason, PANEL_FAILURE } from '../../../server/src/lib/customerMessage';
import { HttpError, upstreamFailed } from '../../../server/src/lib/errors';
import { registerErrorHandler } from '../../../server/src/plugins/errorHandler';
import { RuntimeConflictError } from '../../../server/src/runtime/types';

/** A panel-like Fastify app whose log lines are collected. */
function appWithLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  registerErrorHandler(app);
  return { app, lines };
}

describe('what customers read when something underneath fails', () => {
  it('a 502 answers the plain sentence; the unreachable service’s own words go to the log only', async () => {
    const { app, lines } = appWithLog();
    app.get('/search', async () => {
      throw upstreamFailed('The Modrinth catalogue could not be reached. Try again later.', new Error('getaddrinfo ENOTFOUND api.modrinth.com'));
    });
    const res = await app.inject({ method: 'GET', url: '/search' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'The Modrinth catalogue could not be reached. Try again later.' });
    expect(res.body).not.toMatch(/ENOTFOUND|api\.modrinth\.com/);
    expect(lines.join('')).toContain('getaddrinfo ENOTFOUND api.modrinth.com');
    await app.close();
  });

  it('a console line keeps a refusal written for customers, and replaces anything else with a plain sentence', () => {
    expect(customerMessage(new HttpError(409, 'The server is already running.'))).toBe('The server is already running.');
    expect(customerMessage(new RuntimeConflictError('The server is being installed.'), [RuntimeConflictError])).toBe('The server is being installed.');
    const hostFailure = new Error("EACCES: permission denied, open '/var/lib/panel/data/servers/0b6f/server.properties'");
    expect(customerMessage(hostFailure, [RuntimeConflictError])).toBe(PANEL_FAILURE);
    expect(PANEL_FAILURE).not.toMatch(/\//);
  });

  it("a failed job's reason keeps its own message, and never an operating system's error with its host paths", async () => {
    expect(jobFailureReason(new Error('The Minecraft 1.21.4 server could not be found.'))).toBe('The Minecraft 1.21.4 server could not be found.');
    const systemError = await import('node:fs/promises').then((fs) => fs.rename('/proc/self/fd/0/none', '/proc/self/fd/0/other')).catch((error: unknown) => error);
    expect((systemError as NodeJS.ErrnoException).syscall).toBe('rename');
    expect(jobFailureReason(systemError)).toBe(PANEL_FAILURE);
  });
});
