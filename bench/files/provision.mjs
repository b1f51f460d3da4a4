/** The account and server bench/files measures with, on a panel without demo data. */
import { randomBytes } from 'node:crypto';
import { panelCli } from '../console/panelCli.mjs';

/** A fresh account (through the public sign-up) owning an installed server. */
export async function provision(panel) {
  const username = `bench_${randomBytes(4).toString('hex')}`;
  const password = `Bench-${randomBytes(12).toString('base64url')}`;
  const response = await fetch(`${panel.baseUrl}/api/v2/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password, password_confirmation: password, remember: true }),
  });
  const body = await response.json().catch(() => null);
  const token = body?.data?.token;
  if (response.status !== 201 || !token) throw new Error(`register answered ${response.status}: ${JSON.stringify(body)}`);
  const server = await panelCli(panel.dataDir, ['servers:create', '--owner', username, '--template', 'minecraft-flying-squid', '--plan', 'minecraft-budget', '--name', 'Files bench']);
  if (server.install_status !== 'installed') throw new Error(`the bench server did not install: ${server.install_error}`);
  return { token, username, password, serverId: server.identifier, serverUuid: server.uuid };
}
