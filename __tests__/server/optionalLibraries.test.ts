import { createTestApp, type TestApp } from './helpers/testApp';

/**
 * Libraries that only some panels or some requests use are loaded on first use: every start (and
 * every server test file, which builds an app) would otherwise load some 650 modules more.
 */
const OPTIONAL_LIBRARIES = ['@simplewebauthn/server', '@peculiar/x509', 'dockerode', 'docker-modem', '@grpc/grpc-js', 'nodemailer', 'qrcode', 'otplib', 'ssh2', 'openid-client', 'jose'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('builds and answers without loading the libraries of passkeys, docker nodes, mail, two-factor, SFTP or social login', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/v2/auth/current' })).statusCode).toBe(401);
  const loaded = Object.keys(require.cache);
  expect(OPTIONAL_LIBRARIES.filter((name) => loaded.some((path) => path.includes(`/node_modules/${name}/`)))).toEqual([]);
});
