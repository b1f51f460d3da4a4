#!/usr/bin/env node
/**
 * `npm test`: runs every suite in order and keeps going after a failure:
 * lock file check (npm ci must accept it), import cycles, i18n check, codegen check (when the
 * script exists), Jest (client, server and scripts projects), the end-to-end tests in Chromium,
 * then typecheck, lint and formatting side by side.
 *
 * A step that is not a test runner (typecheck, lint, ...) counts as one test. The last line
 * is always `N passed, N failed`, the sum over every suite; the exit code is non-zero when
 * anything failed.
 *
 * Options:
 *   --only=lockfile,typecheck,lint,format,cycles,i18n,codegen,jest,e2e run only these suites
 *   --jest-project=server                          run only this Jest project
 *   --jest-workers=1                               at most this many Jest workers
 *   --jest-ignore=REGEX                            leave out the test files whose path matches
 *   --jest-database-only                           only the server test files that open a database
 * Environment: TEST_SKIP_E2E=1 skips the end-to-end tests.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { testsReaching } from './lib/databaseTests.mjs';
import { digestLines, jestFailures, playwrightFailures } from './lib/failureDigest.mjs';
import { firewallTablePresent, removeFirewallTable } from './lib/hostFirewallTable.mjs';
import { rootDir, spaBuildReason } from './lib/spaBuild.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, ...value] = arg.replace(/^--/, '').split('=');
    return [key, value.join('=')];
  }),
);
const only = args.only ? new Set(args.only.split(',')) : null;
const scripts = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')).scripts ?? {};
const workDir = mkdtempSync(join(tmpdir(), 'panel-tests-'));
const bin = (name) => join(rootDir, 'node_modules', '.bin', name);

/**
 * Runs a command with inherited output; resolves with its exit code. With `doneFile`, the
 * command counts as finished once that file exists: if it has not exited `graceMs` later
 * (Jest waiting on a server or database a test left open), its process group is killed and
 * the result is marked `hung`, so a leak fails the run instead of stalling it forever.
 */
function run(command, commandArgs, env = {}, { doneFile, graceMs = 30_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: rootDir, stdio: 'inherit', env: { ...process.env, ...env }, detached: Boolean(doneFile) });
    // A child in its own process group does not get the terminal's Ctrl+C: pass it on.
    const forward = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
      process.exit(130);
    };
    if (doneFile) {
      process.once('SIGINT', forward);
      process.once('SIGTERM', forward);
    }
    let hung = false;
    let doneAt = 0;
    const watchdog = doneFile
      ? setInterval(() => {
          if (!doneAt && existsSync(doneFile)) doneAt = Date.now();
          if (doneAt && Date.now() - doneAt > graceMs) {
            hung = true;
            clearInterval(watchdog);
            console.error(`\n${command} finished its run but did not exit within ${graceMs / 1000} s (something a test opened is still open): stopping it.`);
            try {
              process.kill(-child.pid, 'SIGKILL');
            } catch {
              child.kill('SIGKILL');
            }
          }
        }, 1_000)
      : null;
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve({ code: 127, hung });
    });
    child.on('exit', (code, signal) => {
      if (watchdog) clearInterval(watchdog);
      process.removeListener('SIGINT', forward);
      process.removeListener('SIGTERM', forward);
      resolve({ code: code ?? (signal ? 128 : 1), hung });
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A step that is not a test runner: one test, passed when the command exits 0. */
async function step(command, commandArgs, env) {
  const { code } = await run(command, commandArgs, env);
  return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
}

/**
 * The server test files whose imports reach the database client: the rest (parsers, pure
 * helpers) run the same whatever database the panel has, so a second run on PostgreSQL would
 * only repeat them. So do the runtime layer's own tests (__tests__/server/runtime: processes,
 * the sandbox, containers, nodes' engines): nothing under server/src/runtime opens the database
 * (the lint rules keep it so), they build an app only to drive a game through it, and the
 * services and routes they pass through are the ones their own tests run on PostgreSQL.
 */
function databaseTestFiles() {
  const folder = join(rootDir, '__tests__', 'server');
  const files = readdirSync(folder, { recursive: true })
    .filter((name) => /\.test\.tsx?$/.test(name) && !name.startsWith(`runtime${sep}`))
    .map((name) => join(folder, name));
  return testsReaching(files, [join(rootDir, 'server', 'src', 'db', 'client.ts')]);
}

/** Jest counts from its JSON report; a file that fails to load counts as one failed test. */
async function jest() {
  // The Debian packages the server suites use (iproute2's `ss` for the traffic figures, Docker,
  // Redis, MariaDB, BIND...), in one apt-get where they are missing, before the workers ask one by one.
  if (!args['jest-project'] || args['jest-project'].split(',').includes('server')) {
    await run('bash', [join(rootDir, 'scripts', 'ensure-test-packages.sh')]);
  }
  const outputFile = join(workDir, 'jest.json');
  const jestArgs = ['--json', `--outputFile=${outputFile}`];
  if (args['jest-project']) jestArgs.push('--selectProjects', ...args['jest-project'].split(','));
  if (args['jest-workers']) jestArgs.push(`--maxWorkers=${args['jest-workers']}`);
  if (args['jest-ignore']) jestArgs.push('--testPathIgnorePatterns', '/node_modules/', args['jest-ignore']);
  if ('jest-database-only' in args) jestArgs.push('--runTestsByPath', ...databaseTestFiles());
  if (process.env.CI) jestArgs.push('--ci');
  const nodeOptions = [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ');
  const env = { NODE_OPTIONS: nodeOptions };
  // The Docker Engine the global set-up starts is for the runtime layer's tests, which the
  // database's test files leave out (see databaseTestFiles): no engine for them.
  if ('jest-database-only' in args) env.PANEL_TEST_DOCKER = '0';
  const { code, hung } = await run(bin('jest'), jestArgs, env, { doneFile: outputFile });
  const report = readJson(outputFile);
  if (!report) return { passed: 0, failed: 1, note: 'no JSON report' };
  const byProject = {};
  let passed = 0;
  let failed = 0;
  for (const file of report.testResults ?? []) {
    // Projects mirror the tree: __tests__/src (client), __tests__/server, __tests__/scripts.
    const folder = /__tests__[\\/]([^\\/]+)[\\/]/.exec(file.name)?.[1] ?? 'other';
    const project = folder === 'src' ? 'client' : folder;
    const counts = (byProject[project] ??= { passed: 0, failed: 0 });
    const ok = file.assertionResults.filter((a) => a.status === 'passed').length;
    let bad = file.assertionResults.filter((a) => a.status === 'failed').length;
    // A file that cannot load or whose hooks throw reports no failed assertion of its own.
    if (file.status === 'failed' && bad === 0) bad = 1;
    counts.passed += ok;
    counts.failed += bad;
    passed += ok;
    failed += bad;
  }
  // Jest failing for a reason no test shows (no tests found, a crash) still fails; so does hanging.
  if ((code !== 0 && failed === 0) || hung) failed += 1;
  const note = [...Object.entries(byProject).map(([project, c]) => `${project} ${c.passed} passed, ${c.failed} failed`), ...(hung ? ['did not exit: open handles'] : [])].join('; ');
  return { passed, failed, note, failures: jestFailures(report, rootDir) };
}

/** Playwright counts from its JSON report; harness failures (no server, no browser) count as one. */
async function e2e() {
  const outputFile = join(workDir, 'e2e.json');
  const { code } = await run(process.execPath, [join(rootDir, 'e2e', 'run.mjs'), '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: outputFile,
  });
  const report = readJson(outputFile);
  if (!report) return { passed: 0, failed: 1, note: 'no JSON report (the harness failed before Playwright ran)' };
  const stats = report.stats ?? {};
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  let failed = (stats.unexpected ?? 0) + (report.errors?.length ?? 0);
  if (code !== 0 && failed === 0) failed = 1;
  return { passed, failed, note: stats.flaky ? `${stats.flaky} flaky` : undefined, failures: playwrightFailures(report) };
}

const suites = [
  { name: 'lockfile', run: () => step(process.execPath, [join(rootDir, 'scripts', 'fix-lockfile.mjs'), '--check']) },
  // Import cycles in src/ and server/src (type-only imports and the Drizzle schema excepted): under a second.
  { name: 'cycles', run: () => step(process.execPath, [join(rootDir, 'scripts', 'check-cycles.mjs')]) },
  { name: 'i18n', run: () => step('npm', ['run', '--silent', 'i18n:check']) },
  { name: 'codegen', run: () => step('npm', ['run', '--silent', 'codegen:check']), skip: !scripts['codegen:check'] && 'no codegen:check script' },
  { name: 'jest', run: jest },
  { name: 'e2e', run: e2e, skip: process.env.TEST_SKIP_E2E === '1' && 'TEST_SKIP_E2E=1' },
  // The type check, the linter and the formatting check only read the tree (nothing the tests write
  // is in what they read), and each keeps one core busy: they run together, and last. In .ci/run the
  // server tests on PostgreSQL, started beside the browser tests with one worker, go on for minutes
  // after them with the second core idle; these checks take that core instead of minutes of their own
  // before Jest.
  { name: 'typecheck', run: () => step(bin('tsc'), ['--noEmit', '-p', '.']), together: 'static' },
  { name: 'lint', run: () => step(bin('eslint'), ['.']), together: 'static' },
  // One formatting everywhere (.prettierrc.json); `npm run format` rewrites what differs.
  { name: 'format', run: () => step(bin('prettier'), ['--check', '--log-level=warn', '.']), together: 'static' },
];

if (!existsSync(join(rootDir, 'node_modules'))) console.error('node_modules is missing: run `npm ci` first.');

/**
 * The web app the end-to-end tests need, built while Jest runs: Jest keeps one of two cores
 * busy, so the build mostly costs no time of its own. Its output goes to a log, shown only if it
 * fails (e2e/run.mjs then builds again in the foreground, with its output in the run's log).
 * Started after the codegen check, which may touch src/ and would make the build stale.
 */
let backgroundBuild = null;
function startBackgroundBuild() {
  const e2eRuns = (!only || only.has('e2e')) && !suites.find((suite) => suite.name === 'e2e').skip && !process.env.E2E_BASE_URL;
  if (!e2eRuns || !spaBuildReason()) return;
  const logFile = join(workDir, 'spa-build.log');
  const fd = openSync(logFile, 'w');
  const child = spawn('npm', ['run', 'build'], { cwd: rootDir, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  backgroundBuild = new Promise((resolve) => {
    child.on('error', () => resolve({ code: 127, logFile }));
    child.on('exit', (code) => resolve({ code: code ?? 1, logFile }));
  });
}

/** Waits for the background build; prints its log when it failed. */
async function awaitBackgroundBuild() {
  if (!backgroundBuild) return;
  const { code, logFile } = await backgroundBuild;
  backgroundBuild = null;
  if (code === 0) return;
  console.log(`The web app's build beside Jest failed (exit code ${code}):`);
  console.log(readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n'));
}

// The sandbox's nftables table, written on the host by the tests' panels: removed at the end when
// this run brought it (see lib/hostFirewallTable.mjs).
const firewallTableBefore = firewallTablePresent();
const results = [];
const wanted = suites.filter((suite) => !only || only.has(suite.name));
for (let i = 0; i < wanted.length; i++) {
  const suite = wanted[i];
  if (suite.skip) {
    results.push({ name: suite.name, skipped: suite.skip });
    continue;
  }
  if (suite.name === 'jest') startBackgroundBuild();
  if (suite.name === 'e2e') await awaitBackgroundBuild();
  // Suites marked to run together start at once (their output may interleave; each is summed apart).
  const batch = [suite];
  while (suite.together && wanted[i + 1]?.together === suite.together && !wanted[i + 1].skip) batch.push(wanted[++i]);
  console.log(`\n━━━ ${batch.map((s) => s.name).join(' + ')} ━━━`);
  const finished = await Promise.all(
    batch.map(async (s) => {
      const started = Date.now();
      const result = await s.run();
      return { name: s.name, seconds: (Date.now() - started) / 1000, ...result };
    }),
  );
  results.push(...finished);
}
await awaitBackgroundBuild();
rmSync(workDir, { recursive: true, force: true });
if (!firewallTableBefore && removeFirewallTable()) console.log('\nRemoved the nftables table inet panel_sandbox that the tests wrote on this host.');

console.log('\n━━━ summary ━━━');
let passed = 0;
let failed = 0;
for (const r of results) {
  if (r.skipped) {
    console.log(`${r.name.padEnd(10)} skipped (${r.skipped})`);
    continue;
  }
  passed += r.passed;
  failed += r.failed;
  const mark = r.failed ? 'FAIL' : 'ok  ';
  const note = r.note ? `  [${r.note}]` : '';
  console.log(`${mark} ${r.name.padEnd(10)} ${r.passed} passed, ${r.failed} failed  (${r.seconds.toFixed(1)} s)${note}`);
}
// What failed, and why, where the end of a long log shows it (the runners' reports are far above).
const digest = results.flatMap((r) => digestLines(r.name, r.failures ?? []));
if (digest.length > 0) console.log(['', '━━━ what failed ━━━', ...digest, ''].join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
