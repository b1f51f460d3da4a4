import { randomBytes } from 'node:crypto';
import { readdirSync, readlinkSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { plans, servers } from '../../../../server/src/db/schema';
import { createTestPlan } from '../../helpers/testTemplates';
import { createFilesKit, type FilesKit } from '../../services/files/filesTestKit';

jest.setTimeout(120_000);

let kit: FilesKit;
beforeAll(async () => {
  kit = await createFilesKit();
  // 4 MiB for the whole server: 3 MiB of random bytes fit once, not twice.
  const slug = await createTestPlan(kit.t.app, 'test-compress-disk', { memoryMb: 512, diskMb: 4 });
  const [plan] = await kit.t.app.db.select().from(plans).where(eq(plans.slug, slug));
  await kit.t.app.db.update(servers).set({ planId: plan.id }).where(eq(servers.id, kit.server.id));
  await kit.files.mkdir('pack/world');
  // Several files, so the archive is cut while a file is being read.
  for (let i = 0; i < 6; i += 1) await kit.files.write(['pack', 'world', `r.${i}.mca`].join('/'), randomBytes(512 * 1024));
});
afterAll(() => kit.t.close());
afterEach(() => kit.expectCanariesUntouched());

/** Files the panel holds open below the server's folder (its descriptors, from /proc; none when memory keeps the files). */
function openBelowRoot(): string[] {
  if (!kit.files.onDisk) return [];
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(kit.root) ? [target] : [];
    } catch {
      return [];
    }
  });
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  return check();
}

describe('an archive being written that runs out of disk space', () => {
  it.each(['zip', 'tar.gz'] as const)('%s: answers 507, keeps no partial archive and closes every file it read', async (format) => {
    const res = await kit.api('POST', 'files/compress', { payload: { root: '/pack', files: ['world'], format } });
    expect(res.statusCode).toBe(507);
    expect(await kit.files.names('pack')).toEqual(['world']);
    await until(() => openBelowRoot().length === 0, 10_000);
    expect(openBelowRoot()).toEqual([]);
    expect((await kit.api('GET', 'files/list?directory=/pack')).statusCode).toBe(200);
  });
});
