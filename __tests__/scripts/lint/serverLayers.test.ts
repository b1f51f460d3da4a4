import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boundaryMessages } from './boundaryMessages';

const root = join(__dirname, '../../..');

describe("the server's layer table (eslint.config.mjs)", () => {
  it('allows imports down the table and refuses upward ones', () => {
    const results = boundaryMessages([
      // allowed: down the table, type-only where the table says so, composition roots
      ['server/src/routes/files/list.ts', "import { listDirectory } from '../../services/files/listDirectory';\nexport { listDirectory };"],
      ['server/src/services/files/x.ts', "import { servers } from '../../db/schema';\nexport { servers };"],
      ['server/src/runtime/local/x.ts', "import { findTemplate } from '../../games/templates';\nexport { findTemplate };"],
      ['server/src/runtime/local/x.ts', "import type { PanelConfig } from '../../config/PanelConfig';\nexport type { PanelConfig };"],
      ['server/src/schemas/x.ts', "import { notFound } from '../lib/errors';\nexport { notFound };"],
      ['server/src/app.ts', "import { routes } from './routes';\nexport { routes };"],
      // refused: upward
      ['server/src/runtime/RuntimeThing.ts', "import type { Database } from '../db/client';\nexport type { Database };"],
      ['server/src/runtime/local/x.ts', "import { recordAudit } from '../../services/audit/audit';\nexport { recordAudit };"],
      ['server/src/services/files/x.ts', "import { fileRoutes } from '../../routes/files';\nexport { fileRoutes };"],
      ['server/src/lib/x.ts', "export * from '../schemas/files';"],
      ['server/src/db/schema/x.ts', "const m = import('../../services/audit/audit');\nexport { m };"],
      ['server/src/games/x.ts', "import { LocalDriver } from '../runtime/local/LocalDriver';\nexport { LocalDriver };"],
      ['server/src/routes/x/y.ts', "import { users } from '../../db/schema';\nexport { users };"],
      ['server/src/services/x/y.ts', "import { buildApp } from '../../app';\nexport { buildApp };"],
      ['server/src/newroom/x.ts', "import { y } from '../lib/errors';\nexport { y };"],
    ]);
    expect(results.slice(0, 6)).toEqual([[], [], [], [], [], []]);
    const refused = results.slice(6);
    expect(refused.map((messages) => messages.length)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(refused[0][0]).toMatch(/server\/src\/runtime imports only .*, not db\//);
    expect(refused[1][0]).toMatch(/server\/src\/runtime imports only .*, not services\//);
    expect(refused[2][0]).toMatch(/server\/src\/services imports only .*, not routes\//);
    expect(refused[3][0]).toMatch(/server\/src\/lib imports only .*, not schemas\//);
    expect(refused[4][0]).toMatch(/server\/src\/db imports only .*, not services\//);
    expect(refused[5][0]).toMatch(/server\/src\/games imports only .*runtime \(types\), not runtime\//);
    expect(refused[6][0]).toMatch(/server\/src\/routes imports only .*db \(types\), not db\//);
    expect(refused[7][0]).toMatch(/nothing imports the composition roots/);
    expect(refused[8][0]).toMatch(/a room the server's layer table does not name/);
  }, 60_000);
});

describe('route file names (eslint.config.mjs)', () => {
  it('takes kebab-case and refuses the other styles', () => {
    const results = boundaryMessages([
      ['server/src/routes/players/get-players.ts', 'export const x = 1;'],
      ['server/src/routes/files/list.ts', 'export const x = 1;'],
      ['server/src/routes/config/getServerConfigFile.ts', 'export const x = 1;'],
      ['server/src/routes/servers/socket/SocketSession.ts', 'export const x = 1;'],
      ['server/src/routes/auth/known_device.ts', 'export const x = 1;'],
      ['server/src/services/players/playerLists.ts', 'export const x = 1;'],
    ]);
    expect(results.map((found) => found.length)).toEqual([0, 0, 1, 1, 1, 0]);
    expect(results[2][0]).toMatch(/route files are named in kebab-case \("getServerConfigFile.ts"\)/);
  }, 60_000);
});

describe('the import cycle check (scripts/check-cycles.mjs)', () => {
  const check = (dir: string) => {
    try {
      execFileSync(process.execPath, [join(root, 'scripts', 'check-cycles.mjs'), dir], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
      return { code: 0, output: '' };
    } catch (error) {
      const failed = error as { status: number; stderr: string };
      return { code: failed.status, output: failed.stderr };
    }
  };
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cycles-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reports a planted cycle and passes once it is type-only', () => {
    mkdirSync(join(dir, 'a'));
    writeFileSync(join(dir, 'a', 'one.ts'), "import { two } from '../b/two';\nexport const one = () => two;\n");
    mkdirSync(join(dir, 'b'));
    writeFileSync(join(dir, 'b', 'two.ts'), "import { three } from './three';\nexport const two = three;\n");
    writeFileSync(join(dir, 'b', 'three.ts'), "import { one } from '../a/one';\nexport const three = one;\n");
    const found = check(dir);
    expect(found.code).toBe(1);
    expect(found.output).toMatch(/1 import cycle/);
    expect(found.output).toMatch(/a\/one\.ts[\s\S]*b\/three\.ts[\s\S]*b\/two\.ts/);
    writeFileSync(join(dir, 'b', 'three.ts'), "import type { one } from '../a/one';\nexport const three: typeof one | null = null;\n");
    expect(check(dir).code).toBe(0);
  });

  it('excepts the Drizzle schema: tables that refer to each other', () => {
    const schema = join(dir, 'server', 'src', 'db', 'schema');
    mkdirSync(schema, { recursive: true });
    writeFileSync(join(schema, 'servers.ts'), "import { users } from './users';\nexport const servers = { owner: () => users };\n");
    writeFileSync(join(schema, 'users.ts'), "import { servers } from './servers';\nexport const users = { first: () => servers };\n");
    expect(check(dir).code).toBe(0);
  });

  it('finds no cycle in the server', () => {
    expect(check('server/src')).toEqual({ code: 0, output: '' });
  });
});
