import { lintSnippets, ruleIds, type LintMessage } from './lintSnippets';

/**
 * The runtime seam's lint rules with planted violations, each beside a correct version that must
 * pass: `panel/runtime-seam` (scripts/lint/runtimeSeam.mjs) and typescript-eslint's
 * `no-floating-promises` on the server. Snippets are linted as the content of real files of the
 * rooms they stand for (see lintSnippets).
 */

// A service outside the runtime, one inside it, and a route.
const SERVICE = 'server/src/services/schedules/scheduleView.ts';
const INSIDE_RUNTIME = 'server/src/runtime/buildServerSpec.ts';
const ROUTE = 'server/src/routes/schedules/run.ts';

const SEAM = 'panel/runtime-seam';
const FLOATING = '@typescript-eslint/no-floating-promises';

/** Snippets, linted once for every test below (one ESLint start, with type information, is slow). */
const cases: Record<string, [path: string, code: string]> = {
  // runtime/local, RootedFileSystem and runtime/confined outside the runtime
  importLocal: [SERVICE, "import { LocalDriver } from '../../runtime/local/LocalDriver';\nexport const driverClass = LocalDriver;\n"],
  importLocalType: [SERVICE, "import type { ProcessSupervisor } from '../../runtime/local/ProcessSupervisor';\nexport type Supervisor = ProcessSupervisor;\n"],
  reexportLocal: [SERVICE, "export { NOTICE_PREFIX } from '../../runtime/local/GameConsole';\n"],
  dynamicLocal: [SERVICE, "export const later = () => import('../../runtime/local/procfs');\n"],
  importRooted: [ROUTE, "import { RootedFileSystem } from '../../runtime/RootedFileSystem';\nexport const files = new RootedFileSystem('/tmp');\n"],
  importDocker: [SERVICE, "import { DockerDriver } from '../../runtime/docker/DockerDriver';\nexport const driverClass = DockerDriver;\n"],
  importConfined: [SERVICE, "import { PathEscapeError } from '../../runtime/confined/PathEscapeError';\nexport const escape = PathEscapeError;\n"],
  // what the services should import instead, and the runtime's own imports
  importSeam: [
    SERVICE,
    "import { RuntimeConflictError } from '../../runtime/types';\nimport type { ServerFiles } from '../../runtime/files/ServerFiles';\nexport type Files = ServerFiles;\nexport const conflict = RuntimeConflictError;\n",
  ],
  insideRuntime: [INSIDE_RUNTIME, "import { RootedFileSystem } from './RootedFileSystem';\nimport { readProcess } from './local/procfs';\nexport const parts = [RootedFileSystem, readProcess];\n"],
  // reaching past the manager to its driver
  driverReach: [SERVICE, "import type { RuntimeManager } from '../servers/RuntimeManager';\nexport const used = (runtime: RuntimeManager, uuid: string) => runtime.driver.diskBytes(uuid);\n"],
  driverReachDeep: [
    ROUTE,
    "import type { RuntimeManager } from '../../services/servers/RuntimeManager';\nexport const used = (app: { runtime: RuntimeManager }, uuid: string) => app.runtime.driver.isolation(uuid);\n",
  ],
  managerAsked: [SERVICE, "import type { RuntimeManager } from '../servers/RuntimeManager';\nexport const used = (runtime: RuntimeManager, uuid: string) => runtime.diskBytes(uuid);\n"],
  // promises nobody awaits
  floating: [SERVICE, 'export async function limit(check: () => Promise<void>, work: () => void): Promise<void> {\n  check();\n  work();\n}\n'],
  floatingThen: [SERVICE, 'export function later(job: () => Promise<number>, log: (n: number) => void): void {\n  job().then(log);\n}\n'],
  awaited: [SERVICE, 'export async function limit(check: () => Promise<void>, work: () => void): Promise<void> {\n  await check();\n  work();\n}\n'],
  voided: [
    SERVICE,
    'export function later(job: () => Promise<number>, log: (n: number) => void): void {\n  // fired and forgotten on purpose: the job reports its own failures\n  void job().then(log);\n}\n',
  ],
  caught: [SERVICE, 'export function later(job: () => Promise<number>, log: (n: number) => void): void {\n  job().then(log, () => undefined);\n}\n'],
};

let results: Record<string, LintMessage[]>;

beforeAll(() => {
  const names = Object.keys(cases);
  const linted = lintSnippets(names.map((name) => cases[name]));
  results = Object.fromEntries(names.map((name, i) => [name, linted[i]]));
}, 300_000);

const idsOf = (name: string) => ruleIds(results[name]);

describe('panel/runtime-seam (eslint.config.mjs, scripts/lint/runtimeSeam.mjs)', () => {
  it('refuses an import of the local or docker driver, RootedFileSystem or the confined file code outside the runtime', () => {
    for (const name of ['importLocal', 'importLocalType', 'reexportLocal', 'dynamicLocal', 'importRooted', 'importConfined', 'importDocker']) {
      expect([name, idsOf(name).filter((id) => id === SEAM)]).toEqual([name, [SEAM]]);
    }
    expect(results.importLocal.find((m) => m.ruleId === SEAM)?.message).toMatch(/reaches into the local driver's code .*file port/);
    expect(results.importRooted.find((m) => m.ruleId === SEAM)?.message).toMatch(/reaches into RootedFileSystem/);
  });

  it('lets services import the runtime interface, and the runtime its own parts', () => {
    expect(idsOf('importSeam')).toEqual([]);
    expect(idsOf('insideRuntime')).toEqual([]);
  });

  it('holds at any path of the server: a new service is refused, a new part of the runtime is not', () => {
    const code = "import { readProcess } from '../../runtime/local/procfs';\nexport const read = readProcess;\n";
    const [service, runtimePart] = lintSnippets(
      [
        ['server/src/services/x/planted.ts', code],
        ['server/src/runtime/x/planted.ts', code.replace('../../runtime/local/', '../local/')],
      ],
      { typeInformation: false },
    );
    expect(ruleIds(service)).toEqual([SEAM]);
    expect(ruleIds(runtimePart)).toEqual([]);
  }, 120_000);

  it('refuses reaching past the runtime manager to its driver, and takes asking the manager', () => {
    expect(idsOf('driverReach')).toEqual([SEAM]);
    expect(idsOf('driverReachDeep')).toEqual([SEAM]);
    expect(results.driverReach[0].message).toMatch(/runtime\.driver/);
    expect(idsOf('managerAsked')).toEqual([]);
  });
});

describe('@typescript-eslint/no-floating-promises on the server (type-aware lint)', () => {
  it('refuses a promise nobody awaits', () => {
    expect(idsOf('floating')).toEqual([FLOATING]);
    expect(idsOf('floatingThen')).toEqual([FLOATING]);
  });

  it('takes an awaited promise, an explicit void, and a handled rejection', () => {
    expect(idsOf('awaited')).toEqual([]);
    expect(idsOf('voided')).toEqual([]);
    expect(idsOf('caught')).toEqual([]);
  });
});
