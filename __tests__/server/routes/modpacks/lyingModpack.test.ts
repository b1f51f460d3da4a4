import { eq } from 'drizzle-orm';
import { servers, type ServerRow } from '../../../../server/src/db/schema';
import { startLocalCatalogue, type LocalCatalogue } from '../../../../server/src/games/catalogue/offline/catalogueServer';
import { buildMrpack } from '../../../../server/src/games/catalogue/offline/modpackArtefacts';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import type { TestApp } from '../../helpers/testApp';
import { treeOf, writeTree } from '../../services/backups/backupsTestKit';
import { declareEntrySize } from '../../services/files/archiveFixtures';

jest.setTimeout(180_000);

let local: LocalCatalogue;
let t: TestApp;
let owner: TestUser;
let java: ServerRow;

beforeAll(async () => {
  local = await startLocalCatalogue();
  t = await createRuntimeTestApp({ catalogueUrl: local.url });
  owner = await createTestUser(t.app);
  java = await createTestServer(t.app, owner.user, { template: 'minecraft-java', name: 'Modded' });
  await t.app.db
    .update(servers)
    .set({ installStatus: 'installed', installError: null, variables: { MINECRAFT_VERSION: '1.20.4', SERVER_JARFILE: 'server.jar' } })
    .where(eq(servers.id, java.id));
  [java] = await t.app.db.select().from(servers).where(eq(servers.id, java.id));
  writeTree(rootOf(java), { 'server.jar': local.artefacts.get('vanilla-1.20.4')!.bytes, 'world/level.dat': 'the world' });
});
afterAll(async () => {
  await t.close();
  await local.close();
});

const rootOf = (server: ServerRow) => t.app.runtime.driver.serverRoot(server.uuid);
const filesOf = () => Object.fromEntries(Object.entries(treeOf(rootOf(java))).filter(([k]) => !k.startsWith('packs/')));

/** Puts the pack in the server's files, asks to install it and expects a 422 that changed nothing. */
async function expectRefused(pack: Buffer, reason: RegExp): Promise<void> {
  const before = filesOf();
  const name = `pack-${Math.random().toString(36).slice(2)}.mrpack`;
  writeTree(rootOf(java), { [`packs/${name}`]: pack });
  const res = await t.app.inject({ method: 'POST', url: `/api/v2/servers/${java.shortId}/modpacks/install`, headers: owner.headers, payload: { file: `/packs/${name}` } });
  if (res.statusCode !== 422) throw new Error(`expected 422, got ${res.statusCode} ${res.body}`);
  expect(res.json().errors.pack[0]).toMatch(reason);
  expect(filesOf()).toEqual(before);
  expect(t.app.switchJobs.isRunning(java.uuid)).toBe(false);
}

describe('an .mrpack that lies about its sizes', () => {
  it('is refused with a clear reason when its index inflates to more or less than declared, and the panel keeps serving', async () => {
    const pack = await buildMrpack({ name: 'Liar', entries: { 'overrides/config/a.txt': 'a' } });
    await expectRefused(declareEntrySize(pack, 'modrinth.index.json', 16), /"modrinth\.index\.json" is larger than its header says/);
    await expectRefused(declareEntrySize(pack, 'modrinth.index.json', 64 * 1024), /"modrinth\.index\.json" is smaller than its header says/);
    // An override that lies is only met while extracting, in the install job: it fails and puts everything back.
    const before = filesOf();
    const lyingOverride = declareEntrySize(await buildMrpack({ name: 'Liar', entries: { 'overrides/config/big.txt': 'b'.repeat(200_000) } }), 'overrides/config/big.txt', 100);
    writeTree(rootOf(java), { 'packs/override.mrpack': lyingOverride });
    const res = await t.app.inject({ method: 'POST', url: `/api/v2/servers/${java.shortId}/modpacks/install`, headers: owner.headers, payload: { file: '/packs/override.mrpack' } });
    expect(res.statusCode).toBe(202);
    const job = await t.app.switchJobs.waitFor(java.uuid);
    expect(job).toMatchObject({ state: 'failed', error: expect.stringMatching(/"overrides\/config\/big\.txt" is larger than its header says/) });
    expect(filesOf()).toEqual(before);
    const overview = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${java.shortId}/modpacks`, headers: owner.headers });
    expect(overview.statusCode).toBe(200);
  });
});
