import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { createServer, connect, type Server } from 'node:net';
import Docker from 'dockerode';
import { createDockerClient } from '../../../../server/src/runtime/docker/dockerClient';
import type { DockerDriver } from '../../../../server/src/runtime/docker/DockerDriver';
import { testDockerEngineTls } from '../../helpers/testDockerEngine';
import { waitFor } from '../../helpers/waitFor';
import { collect, fixtureSpec, openDriver, openTestEngine } from './dockerTestDriver';
import { TlsMaterial } from './tlsMaterial';

jest.setTimeout(120_000);

let engine: ReturnType<typeof testDockerEngineTls>;
let publicHost: string;
let stranger: TlsMaterial;
let driver: DockerDriver | undefined;
const made: string[] = [];

beforeAll(async () => {
  // Builds the game image on the engine (over its unix socket) when no earlier file did.
  ({ publicHost } = await openTestEngine());
  engine = testDockerEngineTls();
  stranger = new TlsMaterial('a CA the engine does not know');
}, 180_000);

afterAll(async () => {
  for (const uuid of made) await driver?.destroy(uuid).catch(() => undefined);
  await driver?.detachAll();
  stranger.remove();
});

const hostAndPort = (dockerHost: string) => {
  const url = new URL(dockerHost.replace(/^tcp:/, 'https:'));
  return { host: url.hostname, port: Number(url.port) };
};

/** The error a ping ends with (null when the engine answered). */
const pingError = (docker: Docker) =>
  docker.ping().then(
    () => null,
    (error: NodeJS.ErrnoException) => error,
  );

describe('a remote engine over mutual TLS', () => {
  it('is pinged and runs a game server through the driver', async () => {
    const docker = createDockerClient({ dockerHost: engine.dockerHost, tls: engine.tls });
    expect((docker.modem as { protocol?: string }).protocol).toBe('https');
    expect(String(await docker.ping())).toBe('OK');

    driver = openDriver(docker, publicHost);
    await driver.open();
    const uuid = randomUUID();
    made.push(uuid);
    const spec = fixtureSpec(driver, uuid);
    const seen = collect(driver, uuid);
    await driver.create(spec);
    await driver.install(spec);
    await driver.start(spec);
    await waitFor(() => driver!.state(uuid) === 'running', { what: 'running', timeoutMs: 60_000 });
    await driver.sendCommand(uuid, 'over tls');
    await waitFor(() => seen.lines.includes('echo: over tls'), { what: 'echo' });
    await driver.stop(uuid);
    expect(seen.states).toEqual(['starting', 'running', 'stopping', 'offline']);
  });

  it('does not answer plain HTTP on its TCP port', async () => {
    const { host, port } = hostAndPort(engine.dockerHost);
    const answer = await new Promise<string>((resolve, reject) => {
      request({ host, port, path: '/_ping' }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve(`${res.statusCode} ${body}`));
      })
        .on('error', reject)
        .end();
    });
    expect(answer).toMatch(/^400 .*HTTP request to an HTTPS server/);
  });

  it('refuses a client without a certificate', async () => {
    const docker = new Docker({ ...hostAndPort(engine.dockerHost), protocol: 'https', ca: engine.tls.ca });
    // The engine ends the handshake with a TLS alert (bad certificate, or certificate required).
    expect((await pingError(docker))?.code).toMatch(/ALERT_(BAD_CERTIFICATE|CERTIFICATE_REQUIRED)/);
  });

  it('refuses a client certificate from another CA', async () => {
    const docker = createDockerClient({ dockerHost: engine.dockerHost, tls: { ca: engine.tls.ca, ...stranger.client() } });
    expect((await pingError(docker))?.code).toMatch(/ALERT_(BAD_CERTIFICATE|UNKNOWN_CA)/);
  });

  it('is not trusted when its certificate is not from the node’s CA', async () => {
    const docker = createDockerClient({ dockerHost: engine.dockerHost, tls: { ...engine.tls, ca: stranger.ca } });
    expect((await pingError(docker))?.code).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY/);
  });

  describe('reached at an address its certificate does not name', () => {
    let relay: Server;
    beforeAll(async () => {
      // 127.0.0.1 relayed to the engine: the right engine and CA, but not the name in its certificate.
      const target = hostAndPort(engine.dockerHost);
      relay = createServer((socket) => {
        const upstream = connect(target.port, target.host);
        socket.pipe(upstream).pipe(socket);
        socket.on('error', () => upstream.destroy());
        upstream.on('error', () => socket.destroy());
      });
      await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => relay.close(() => resolve())));

    it('is refused on the name check', async () => {
      const port = (relay.address() as { port: number }).port;
      const docker = createDockerClient({ dockerHost: `tcp://127.0.0.1:${port}`, tls: engine.tls });
      const error = await pingError(docker);
      expect(error?.code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
      expect(error?.message).toContain('127.0.0.1');
    });
  });
});
