import { expect, test } from '@playwright/test';
import { Client } from 'ssh2';
import { apiLogin, apiStatus, collectConsoleErrors, demoCredentials, useToken } from './helpers';

/** Uploads `content` as `/name` with the ssh2 client, signed in with the details the page shows. */
function uploadOverSftp(details: { host: string; port: number; username: string; password: string }, name: string, content: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    client.on('error', reject);
    client.on('ready', () =>
      client.sftp((error, sftp) => {
        if (error) return reject(error);
        const stream = sftp.createWriteStream(`/${name}`);
        stream.on('error', reject);
        stream.on('close', () => {
          client.end();
          resolve();
        });
        stream.end(content);
      }),
    );
    client.connect({ ...details, readyTimeout: 30_000 });
  });
}

test('the files page tells how to connect with SFTP, and a file uploaded that way is listed', async ({ page }) => {
  const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
  const credentials = demoCredentials();
  const token = await apiLogin(credentials);
  await useToken(page, token);
  const servers = await page.request.get('/api/v2/servers', { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  const serverId = ((await servers.json()) as { data: { identifier: string }[] }).data[0].identifier;

  await page.goto(`/server/${serverId}/files`);
  const box = page.getByRole('region', { name: 'Connect with SFTP' });
  await box.getByText('Connect with SFTP').click({ timeout: 30_000 });
  const value = (label: string) =>
    box
      .getByRole('definition')
      .nth(['Address', 'Port', 'Username', 'Link'].indexOf(label))
      .innerText()
      .then((text) => text.trim());
  const details = { host: await value('Address'), port: Number(await value('Port')), username: await value('Username') };
  expect(details.username).toBe(`${credentials.username}.${serverId}`);
  expect(await value('Link')).toBe(`sftp://${encodeURIComponent(details.username)}@${details.host}:${details.port}`);

  const name = `sftp-e2e-${Date.now().toString(36)}.txt`;
  await uploadOverSftp({ ...details, password: credentials.password }, name, 'uploaded over SFTP\n');
  await page.reload();
  await expect(page.locator(`[data-file-name="${name}"]`)).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
});
