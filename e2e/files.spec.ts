import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ZipFile } from 'yazl';
import { apiLogin, apiStatus, collectConsoleErrors, demoCredentials, useToken } from './helpers';

/**
 * Logs the page in as the demo account (the token put where the app keeps it, no page of the app
 * opened yet) and returns the identifier of the demo account's first server.
 */
async function loginAsDemoWithServer(page: Page): Promise<string> {
  const token = await apiLogin(demoCredentials());
  await useToken(page, token);
  const response = await page.request.get('/api/v2/servers', { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { identifier: string }[] };
  return body.data[0].identifier;
}

/** A zip archive with the given files, built in memory. */
function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Creates a folder of this test's own in the server's root and opens it, so that runs never collide. */
async function openOwnFolder(page: Page, serverId: string, name: string): Promise<void> {
  await page.goto(`/server/${serverId}/files`);
  // The first page of a test loads the app and the page's code: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 2, name: 'Files', exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Folder name')).toBeEditable();
  // The dialog zooms in: a click during its animation can land where the button is not yet.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || !(animation.effect as KeyframeEffect | null)?.target?.closest('.ant-modal-root')),
  );
  await dialog.getByLabel('Folder name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await page.locator(`[data-file-name="${name}"]`).click();
  await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText(name);
}

const fileRow = (page: Page, name: string) => page.locator(`[data-file-name="${name}"]`);

test.describe('the file manager', () => {
  test('uploads a file, edits it in the editor, saves with Ctrl+S, and reads it back after a reload', async ({ page }) => {
    // Storing the token opens a JSON page of the panel, for which Chromium asks /favicon.ico.
    const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
    const serverId = await loginAsDemoWithServer(page);
    await openOwnFolder(page, serverId, `e2e-edit-${Date.now().toString(36)}`);

    await page.getByLabel('Files to upload').setInputFiles({ name: 'motd.properties', mimeType: 'text/plain', buffer: Buffer.from('# Greeting\nmotd=Hello\n') });
    await expect(page.getByRole('list', { name: 'Uploads' }).getByText('Uploaded')).toBeVisible();
    await fileRow(page, 'motd.properties').click();

    const editor = page.locator('.cm-content');
    await expect(editor).toContainText('motd=Hello');
    // Highlighted as a properties file: the comment is its own token.
    await expect(page.locator('.cm-line').first().locator('span')).toHaveText('# Greeting');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('pvp=false');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.keyboard.press('Control+s');
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.locator('.cm-content')).toContainText('pvp=false');
    await expect(page.locator('.cm-content')).toContainText('motd=Hello');
    expect(errors).toEqual([]);
  });

  test('uploads a folder with its subfolders and lists its nested file', async ({ page }) => {
    const serverId = await loginAsDemoWithServer(page);
    await openOwnFolder(page, serverId, `e2e-folder-${Date.now().toString(36)}`);
    const picked = mkdtempSync(join(tmpdir(), 'panel-e2e-'));
    try {
      mkdirSync(join(picked, 'world', 'region'), { recursive: true });
      writeFileSync(join(picked, 'world', 'level.dat'), 'level');
      writeFileSync(join(picked, 'world', 'region', 'r.0.0.mca'), 'region data');
      // The folder picker (webkitdirectory) is given the folder itself, as a user choosing it does.
      await page.getByLabel('Folder to upload').setInputFiles(join(picked, 'world'));
      const uploads = page.getByRole('list', { name: 'Uploads' });
      await expect(uploads.getByRole('listitem', { name: 'world/region/r.0.0.mca' })).toContainText('Uploaded');
      await expect(uploads.getByRole('listitem', { name: 'world/level.dat' })).toContainText('Uploaded');
    } finally {
      rmSync(picked, { recursive: true, force: true });
    }
    await fileRow(page, 'world').click();
    await expect(fileRow(page, 'level.dat')).toBeVisible();
    await fileRow(page, 'region').click();
    await expect(fileRow(page, 'r.0.0.mca')).toBeVisible();
    await fileRow(page, 'r.0.0.mca').click();
    await expect(page.locator('.cm-content')).toContainText('region data');
  });

  test('the browser’s Back asks before unsaved edits are lost, and keeps them when dismissed', async ({ page }) => {
    const serverId = await loginAsDemoWithServer(page);
    await openOwnFolder(page, serverId, `e2e-back-${Date.now().toString(36)}`);
    await page.getByLabel('Files to upload').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('first line\n') });
    await expect(page.getByRole('list', { name: 'Uploads' }).getByText('Uploaded')).toBeVisible();
    await fileRow(page, 'notes.txt').click();
    const editor = page.locator('.cm-content');
    await expect(editor).toContainText('first line');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('unsaved words');
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    await page.goBack();
    const question = page.getByRole('dialog').filter({ hasText: 'Discard unsaved changes?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    // Back again at once, while the answered question is still fading out: asked again.
    await page.goBack();
    await expect(page.locator('.ant-zoom-leave')).toHaveCount(0);
    await expect(question).toHaveCount(1);
    // Under it, the edits and the file's address were kept.
    await expect(editor).toContainText('unsaved words');
    expect(new URL(page.url()).searchParams.get('file')).toMatch(/notes\.txt$/);

    // This time discarded: the folder shows.
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await expect(fileRow(page, 'notes.txt')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('file')).toBeNull();
  });

  test('uploads a zip by dropping it and extracts it', async ({ page }) => {
    const serverId = await loginAsDemoWithServer(page);
    await openOwnFolder(page, serverId, `e2e-zip-${Date.now().toString(36)}`);

    const archive = await zipOf({ 'plugins/hello.yml': 'greeting: hi\n', 'readme.txt': 'from the zip\n' });
    // A real drop: the file goes through a DataTransfer like one dragged from the desktop.
    const dataTransfer = await page.evaluateHandle(
      (bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'bundle.zip', { type: 'application/zip' }));
        return transfer;
      },
      [...archive],
    );
    const zone = page.getByTestId('upload-drop-zone');
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await zone.dispatchEvent('dragover', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
    await expect(page.getByRole('list', { name: 'Uploads' }).getByText('Uploaded')).toBeVisible();

    await fileRow(page, 'bundle.zip').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Extract here' }).click();
    await expect(fileRow(page, 'readme.txt')).toBeVisible();
    await expect(fileRow(page, 'plugins')).toBeVisible();
    await fileRow(page, 'plugins').click();
    await expect(fileRow(page, 'hello.yml')).toBeVisible();
  });

  test('a path outside the server shows a clear error', async ({ page }) => {
    const serverId = await loginAsDemoWithServer(page);
    await page.goto(`/server/${serverId}/files?directory=../../etc`);
    const alert = page.getByRole('alert').filter({ hasText: 'This folder could not be opened' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('This path is not allowed');
    await expect(page.locator('[data-file-name="passwd"]')).toHaveCount(0);
    await alert.getByRole('button', { name: 'Go to the server’s root folder' }).click();
    await expect(alert).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Folder path' }).locator('[aria-current="page"]')).toHaveText(/Server files/);
    await expect(page.getByRole('table', { name: 'Files' }).first()).toBeVisible();
  });
});
