import { createDockerClient, describeEngineTls } from '../../../../server/src/runtime/docker/dockerClient';
import { TlsMaterial } from './tlsMaterial';

const dockerHost = 'tcp://node1.example:2376';
let material: TlsMaterial;
let good: { ca: string; cert: string; key: string };

beforeAll(() => {
  material = new TlsMaterial('node1 CA');
  good = { ca: material.ca, ...material.client(30) };
});

afterAll(() => material.remove());

describe("a remote engine's TLS material", () => {
  it('makes a client over https when the material is sound', () => {
    const modem = createDockerClient({ dockerHost, tls: good }).modem as { protocol?: string; host?: string; port?: number };
    expect(modem).toMatchObject({ protocol: 'https', host: 'node1.example', port: 2376 });
  });

  it('is refused without TLS, naming why', () => {
    expect(() => createDockerClient({ dockerHost })).toThrow('needs TLS certificates');
  });

  it('is refused with a clear message when a piece is not readable PEM', () => {
    expect(() => createDockerClient({ dockerHost, tls: { ...good, ca: 'ca.pem' } })).toThrow(`The TLS material for ${dockerHost} is not usable: the CA (tls.ca) is not a PEM certificate`);
    const garbled = good.cert.replace(/\n[A-Za-z0-9+/]{20}/, '\n!!!!garbled!!!!!!!!!');
    expect(() => createDockerClient({ dockerHost, tls: { ...good, cert: garbled } })).toThrow('the client certificate (tls.cert) is not a readable PEM certificate');
    expect(() => createDockerClient({ dockerHost, tls: { ...good, key: good.cert } })).toThrow('the client key (tls.key) is not a readable PEM private key');
    expect(() => createDockerClient({ dockerHost, tls: { ...good, key: material.encryptedKey(good.key) } })).toThrow('it is encrypted; give the key without a passphrase');
  });

  it('is refused when the key is not the certificate’s', () => {
    const other = material.client(30);
    expect(() => createDockerClient({ dockerHost, tls: { ...good, key: other.key } })).toThrow('the client key (tls.key) does not belong to the client certificate (tls.cert)');
  });

  it('is refused once the client certificate has expired, with the date', () => {
    const expired = material.client(-1);
    expect(() => createDockerClient({ dockerHost, tls: { ca: good.ca, ...expired } })).toThrow(/the client certificate \(tls\.cert\) expired on \d{4}-\d\d-\d\dT/);
  });

  it('is refused once the CA has expired, and before its certificates are valid', () => {
    const later = new Date(Date.now() + 40 * 24 * 3600 * 1000);
    expect(() => describeEngineTls(good, later)).toThrow(/the CA \(tls\.ca\) "CN=node1 CA" expired on/);
    const earlier = new Date(Date.now() - 24 * 3600 * 1000);
    expect(() => describeEngineTls(good, earlier)).toThrow(/is not valid before .* \(is this machine's clock right\?\)/);
  });

  it('tells who the certificates name and when they run out', () => {
    const summary = describeEngineTls(good);
    expect(summary).toMatchObject({ caSubject: 'CN=node1 CA', clientSubject: 'CN=panel' });
    expect(summary.daysLeft).toBeGreaterThanOrEqual(28);
    expect(summary.daysLeft).toBeLessThanOrEqual(30);
    expect(Date.parse(summary.clientExpiresAt)).toBeGreaterThan(Date.now());
  });
});
