import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { plans, games } from '../../../server/src/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerTemplate } from '../../../server/src/games/templates';
import type { TemplateDefinition } from '../../../server/src/games/templates';

const fixture = readFileSync(join(__dirname, '..', 'runtime', 'fixtures', 'gameFixture.cjs'), 'utf8');

/** A tiny scripted game (see fixtures/gameFixture.cjs); MODE picks its behaviour. */
export const fixtureTemplate: TemplateDefinition = {
  slug: 'test-fixture',
  game: 'minecraft',
  name: 'Test fixture',
  description: 'A scripted process for runtime tests.',
  startCommand: '{{NODE}} fixture.cjs {{MODE}}',
  env: {},
  doneRegex: ['^Ready!$'],
  stop: { type: 'command', value: 'stop' },
  stopTimeoutMs: 1500,
  install: [{ type: 'write-file', path: 'fixture.cjs', content: fixture, overwrite: true }],
  variables: [{ key: 'MODE', name: 'Mode', description: 'Fixture behaviour', default: 'echo', userEditable: true, pattern: '^[a-z-]+$' }],
  configFiles: [],
  portProtocol: 'tcp',
  extraPorts: [],
  query: null,
};

/** A template whose install cannot work offline (a download from an unreachable host). */
export const unreachableTemplate: TemplateDefinition = {
  ...fixtureTemplate,
  slug: 'test-unreachable',
  name: 'Test unreachable download',
  install: [{ type: 'download', url: 'https://downloads.invalid/game-server.zip', to: 'server.zip' }],
};

registerTemplate(fixtureTemplate);
registerTemplate(unreachableTemplate);

/** Adds a small Minecraft plan (with a random tier) with the given limits and answers its slug. */
export async function createTestPlan(app: FastifyInstance, slug: string, limits: { memoryMb: number; diskMb: number; cpuPercent?: number }): Promise<string> {
  const [game] = await app.db.select().from(games).where(eq(games.slug, 'minecraft'));
  await app.db
    .insert(plans)
    .values({ slug, gameId: game.id, tier: `t-${randomBytes(5).toString('hex')}`, name: slug, memoryMb: limits.memoryMb, cpuPercent: limits.cpuPercent ?? 100, diskMb: limits.diskMb })
    .onConflictDoNothing();
  return slug;
}
