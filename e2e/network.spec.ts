import { Resolver } from 'node:dns/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiStatus, collectConsoleErrors, loginAsDemo, serverStateTag } from './helpers';
import { joinAndLeave } from './helpers/minecraftPlayer';

/** The demo account's Minecraft server (flying-squid, 1.21.4), created with the demo data. */
const SERVER_NAME = 'Survival with friends';
const dnsServer = process.env.E2E_DNS_SERVER;
const zone = process.env.E2E_DNS_ZONE ?? 'play.test';

const area = (page: Page, name: string) => page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name }).click();

test('network: an extra port, a subdomain whose SRV record a player follows into the game', async ({ page }) => {
  test.skip(!dnsServer, 'needs the test BIND that e2e/run.mjs starts');
  test.setTimeout(240_000);
  const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
  await loginAsDemo(page, '/');
  const card = page.getByRole('article', { name: SERVER_NAME });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByRole('link', { name: SERVER_NAME }).click();
  await expect(page.getByRole('heading', { level: 1, name: SERVER_NAME })).toBeVisible({ timeout: 30_000 });

  // The game must run for the player to join.
  await area(page, 'Console');
  await expect(serverStateTag(page)).toHaveAttribute('data-state', /^(offline|running)$/, { timeout: 120_000 });
  if ((await serverStateTag(page).getAttribute('data-state')) === 'offline') await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(serverStateTag(page)).toHaveAttribute('data-state', 'running', { timeout: 120_000 });

  await area(page, 'Network');
  await expect(page.getByRole('heading', { level: 2, name: 'Network', exact: true })).toBeVisible({ timeout: 60_000 });
  const ports = page.locator('.panel-card').filter({ has: page.getByText('Ports', { exact: true }) });
  await expect(ports.getByText(/^0 of \d+ extra ports$/)).toBeVisible();
  const primaryAddress = (await ports
    .getByRole('button', { name: /^Copy address / })
    .first()
    .getAttribute('aria-label'))!.replace('Copy address ', '');
  const primaryPort = Number(primaryAddress.slice(primaryAddress.lastIndexOf(':') + 1));

  // An extra port: listed with its own address and a remove button.
  await ports.getByRole('button', { name: 'Add a port' }).click();
  await expect(ports.getByText(/^1 of \d+ extra ports$/)).toBeVisible();
  await expect(ports.getByRole('button', { name: /^Remove the port \d+$/ })).toBeVisible();
  await expect(page.getByText('A new primary port takes effect at the next start of the server.')).toBeVisible();

  // Its note is saved with a visible confirmation.
  const extraPort = (await ports.getByRole('button', { name: /^Remove the port \d+$/ }).getAttribute('aria-label'))!.replace('Remove the port ', '');
  const note = ports.getByRole('textbox', { name: `Note for the port ${extraPort}` });
  await note.fill('Voice chat');
  await note.locator('xpath=following-sibling::button').click();
  await expect(page.getByRole('status', { name: 'Note saved' })).toContainText(`The note of the port ${extraPort} was saved.`);

  // A subdomain: the page shows what players type.
  const label = `e2e${Date.now().toString(36)}`;
  const subdomain = page.locator('.panel-card').filter({ has: page.getByText('Subdomain', { exact: true }) });
  await subdomain.getByLabel('Name').fill(label);
  await subdomain.getByRole('button', { name: 'Save subdomain' }).click();
  const address = `${label}.${zone}`;
  await expect(page.getByRole('button', { name: `Copy address ${address}` })).toBeVisible();

  // A real DNS query to the test BIND answers the SRV record with the server's port …
  const resolver = new Resolver();
  resolver.setServers([dnsServer!]);
  const [srv] = await resolver.resolveSrv(`_minecraft._tcp.${address}`);
  expect(srv.port).toBe(primaryPort);
  const [ip] = await resolver.resolve4(srv.name);
  // … and a player joins through the address it resolves to.
  await joinAndLeave(ip, srv.port, 'e2e_dns_player');

  // Clean up the shared demo server: no subdomain, no extra port.
  await subdomain.getByRole('button', { name: 'Remove subdomain' }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByRole('button', { name: `Copy address ${address}` })).toBeHidden();
  await expect(resolver.resolveSrv(`_minecraft._tcp.${address}`)).rejects.toThrow();
  await ports.getByRole('button', { name: /^Remove the port \d+$/ }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(ports.getByText(/^0 of \d+ extra ports$/)).toBeVisible();
  expect(errors).toEqual([]);
});
