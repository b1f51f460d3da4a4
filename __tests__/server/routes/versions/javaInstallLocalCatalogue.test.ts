import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  // PANEL_CATALOGUE_URL=local: the recorded answers, served inside the panel (offline demos, e2e).
  t = await createRuntimeTestApp({ catalogueUrl: 'local' });
});
afterAll(async () => {
  await t.close();
});

it('installs the Java server from the recorded catalogue: the latest release’s jar, verified, and nothing asked of Mojang', async () => {
  const owner = await createTestUser(t.app);
  const java = await createTestServer(t.app, owner.user, { template: 'minecraft-java', name: 'Java from the recordings' });
  expect(java.installError).toBeNull();
  expect(java.installStatus).toBe('installed');
  // The recordings' latest release is 1.21.4: its jar, as the catalogue names it by SHA-1.
  const recorded = await t.app.catalogue.download('vanilla', '1.21.4');
  expect(recorded.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mojang/);
  const jar = readFileSync(join(t.app.runtime.driver.serverRoot(java.uuid), 'server.jar'));
  expect(createHash('sha1').update(jar).digest('hex')).toBe(recorded.checksum!.value);
});
