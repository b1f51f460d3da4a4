import { lintSnippets } from './lintSnippets';

/** One rule's messages per case, each snippet linted as if it lived at its path (no type information needed). */
function ruleMessages(ruleId: string, cases: Array<[path: string, code: string]>): string[][] {
  return lintSnippets(cases, { typeInformation: false }).map((messages) => messages.filter((m) => m.ruleId === ruleId).map((m) => m.message));
}

const serviceShapeMessages = (cases: Array<[path: string, code: string]>) => ruleMessages('panel/serviceShape', cases);

describe('services take explicit dependencies, never the Fastify instance (eslint.config.mjs)', () => {
  it('refuses a planted service that takes the Fastify instance, and lets explicit dependencies through', () => {
    const results = serviceShapeMessages([
      // refused: the instance as a service locator, however it is named
      ['server/src/services/x/planted.ts', "import type { FastifyInstance } from 'fastify';\nexport const run = async (app: FastifyInstance) => app.db;\n"],
      ['server/src/services/x/planted.ts', "import { type FastifyInstance } from 'fastify';\nexport type Locator = { app: FastifyInstance };\n"],
      ['server/src/services/x/planted.ts', "export const run = async (app: import('fastify').FastifyInstance) => app.db;\n"],
      // allowed: explicit dependencies, a logger type, and the instance where composition happens
      [
        'server/src/services/x/planted.ts',
        "import type { FastifyBaseLogger } from 'fastify';\nimport type { Database } from '../../db/client';\nexport const run = async (db: Database, log: FastifyBaseLogger) => log.info(String(db));\n",
      ],
      ['server/src/plugins/planted.ts', "import type { FastifyInstance } from 'fastify';\nexport const run = async (app: FastifyInstance) => app.db;\n"],
      ['server/src/routes/x/planted.ts', "import type { FastifyInstance } from 'fastify';\nexport const run = async (app: FastifyInstance) => app.db;\n"],
      // refused in any service, the sleep manager's as much as a new one
      ['server/src/services/sleep/SleepManager.ts', "import type { FastifyInstance } from 'fastify';\nexport const run = async (app: FastifyInstance) => app.db;\n"],
    ]);
    expect(results.map((messages) => messages.length)).toEqual([2, 2, 1, 0, 0, 0, 2]);
    expect(results[0][0]).toMatch(/A service does not take the Fastify instance/);
  }, 60_000);
});

describe('routes write no audit row (eslint.config.mjs)', () => {
  it('refuses a planted route that imports the audit writer or the audit table', () => {
    const results = serviceShapeMessages([
      // refused: the writer, the table
      ['server/src/routes/x/planted.ts', "import { recordAudit } from '../../services/audit/audit';\nexport { recordAudit };\n"],
      ['server/src/routes/x/planted.ts', "import { auditLogs } from '../../db/schema';\nexport { auditLogs };\n"],
      ['server/src/routes/x/planted.ts', "import { type Actor, recordAudit } from '../../services/audit/audit';\nexport const write = (actor: Actor) => recordAudit;\n"],
      // allowed: the actor type, a service that records its own entries, the writer in a service
      ['server/src/routes/x/planted.ts', "import type { Actor } from '../../services/audit/audit';\nexport const actor: Actor | null = null;\n"],
      ['server/src/routes/x/planted.ts', "import { endSession } from '../../services/auth/sessions';\nexport { endSession };\n"],
      ['server/src/services/x/planted.ts', "import { recordAudit } from '../audit/audit';\nimport { auditLogs } from '../../db/schema';\nexport { recordAudit, auditLogs };\n"],
    ]);
    expect(results.map((messages) => messages.length)).toEqual([1, 1, 1, 0, 0, 0]);
    expect(results[0][0]).toMatch(/A route does not write audit rows/);
  }, 60_000);
});

describe('types sit below their users (eslint.config.mjs)', () => {
  it('refuses a service or the runtime reaching up into plugins/ for a type; the config shape and the account row sit below them', () => {
    const results = ruleMessages('panel/boundaries', [
      // refused: upward, even for types only
      ['server/src/services/x/planted.ts', "import type { UserRow } from '../../plugins/auth';\nexport type { UserRow };\n"],
      ['server/src/runtime/local/planted.ts', "import type { PanelConfig } from '../../plugins/config/loadConfig';\nexport type { PanelConfig };\n"],
      ['server/src/config/planted.ts', "import type { FileLimits } from '../services/files/fileLimits';\nexport type { FileLimits };\n"],
      // allowed: where the types live now
      ['server/src/services/x/planted.ts', "import type { UserRow } from '../../db/schema';\nexport type { UserRow };\n"],
      ['server/src/runtime/local/planted.ts', "import type { PanelConfig } from '../../config/PanelConfig';\nexport type { PanelConfig };\n"],
      ['server/src/services/x/planted.ts', "import type { PanelConfig } from '../../config/PanelConfig';\nexport type { PanelConfig };\n"],
    ]);
    expect(results.map((messages) => messages.length)).toEqual([1, 1, 1, 0, 0, 0]);
    expect(results[0][0]).toMatch(/server\/src\/services imports only .*, not plugins\//);
    expect(results[2][0]).toMatch(/server\/src\/config imports only .*, not services\//);
  }, 60_000);
});
