import { randomBytes } from 'node:crypto';
import { expect, request, test, type Locator, type Page } from '@playwright/test';
import { adminPost, createAdminKey } from './helpers/adminApi';
import { apiStatus, collectConsoleErrors, loginAsFreshUser } from './helpers';
import { joinAndLeave } from './helpers/minecraftPlayer';

/**
 * A host moves a customer's running Minecraft server from node A (the run's Docker Engine) to
 * node B (a second engine in its own network namespace, reached over mutual TLS, started by this
 * spec and stopped by e2e/run.mjs). The customer watches: "Transferring", then the new address,
 * and a player joins the game there.
 */
const dockerProblem = process.env.E2E_DOCKER_PROBLEM ?? (process.env.E2E_DOCKER_B_RECORD ? undefined : 'the runner gave no place for a second engine');
const stateBadge = (page: Page): Locator => page.locator('section .ant-tag[data-state]').first();

interface SecondEngine {
  dockerHost: string;
  publicHost: string;
  tls: { ca: string; cert: string; key: string };
}

async function adminGet<T>(key: string, path: string): Promise<T> {
  const api = await request.newContext({ baseURL: process.env.PANEL_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
  try {
    return (await (await api.get(`/api/v2/admin${path}`)).json()) as T;
  } finally {
    await api.dispose();
  }
}

test('an admin moves a running server to another node; the customer sees it move and a player joins it there', async ({ page }) => {
  test.skip(dockerProblem !== undefined, `no Docker nodes: ${dockerProblem}`);
  test.setTimeout(240_000);
  const { secondTestDockerEngine } = (await import('../scripts/lib/testDockerEngine.mjs' as string)) as { secondTestDockerEngine: (record: string) => SecondEngine };
  const engineB = secondTestDockerEngine(process.env.E2E_DOCKER_B_RECORD!);
  const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
  const key = createAdminKey('transfer spec');
  const suffix = randomBytes(3).toString('hex');
  // The same range on both: the server keeps its port number on B. A retry's nodes may not overlap the
  // first attempt's, which stay registered.
  const firstPort = 30300 + test.info().retry * 1000;
  const range = { port_range: `${firstPort}-${firstPort + 39}`, memory_mb: 8192, disk_mb: 20480 };
  const nodeA = await adminPost(key, '/nodes', { name: `e2e-a-${suffix}`, driver: 'docker', docker_host: process.env.E2E_DOCKER_HOST, public_host: process.env.E2E_DOCKER_PUBLIC_HOST, ...range });
  expect(nodeA.status, JSON.stringify(nodeA.body)).toBe(201);
  const nodeB = await adminPost(key, '/nodes', { name: `e2e-b-${suffix}`, driver: 'docker', docker_host: engineB.dockerHost, tls: engineB.tls, public_host: engineB.publicHost, ...range });
  expect(nodeB.status, JSON.stringify(nodeB.body)).toBe(201);

  const user = await loginAsFreshUser(page);
  const created = await adminPost<{ data: { server: { identifier: string; uuid: string; allocation: { port: number } } } }>(key, '/servers', {
    name: 'Moves house',
    owner: user.username,
    template: 'minecraft-flying-squid',
    plan: 'minecraft-budget',
    node: `e2e-a-${suffix}`,
    start_on_completion: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { identifier, uuid, allocation } = created.body.data.server;

  await page.goto(`/server/${identifier}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Overview', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: `Copy address ${process.env.E2E_DOCKER_PUBLIC_HOST}:${allocation.port}` })).toBeVisible();
  // Installed in containers on A, then started there.
  await expect(stateBadge(page)).toHaveAttribute('data-state', 'running', { timeout: 150_000 });

  const transfer = await adminPost<{ data: { transfer: { address: string } } }>(key, `/servers/${uuid}/transfer`, { node: `e2e-b-${suffix}` });
  expect(transfer.status, JSON.stringify(transfer.body)).toBe(202);
  expect(transfer.body.data.transfer.address).toBe(`${engineB.publicHost}:${allocation.port}`);
  await expect(page.getByText('This server is being moved to another machine')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('The server has moved to another machine')).toBeVisible({ timeout: 90_000 });
  const moved = await adminGet<{ data: { transfer: { state: string; percent: number } } }>(key, `/servers/${uuid}/transfer`);
  expect(moved.data.transfer).toMatchObject({ state: 'completed', percent: 100 });
  // The overview's own address names B now; the game starts there and a player joins it.
  await expect(page.getByRole('button', { name: `Copy address ${engineB.publicHost}:${allocation.port}` }).first()).toBeVisible({ timeout: 15_000 });
  await expect(stateBadge(page)).toHaveAttribute('data-state', 'running', { timeout: 90_000 });
  await joinAndLeave(engineB.publicHost, allocation.port, 'moved_player');
  expect(errors).toEqual([]);
});
