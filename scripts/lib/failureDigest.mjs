/**
 * A few lines per failed test, read from the runners' JSON reports, printed with the summary of
 * `npm test`. A long run's log is often read from its end only (a CI page, `tail`): the runners'
 * own failure reports are far above it, and without this the end says which suite failed but
 * not which test, or why.
 */

/** Lines kept of each failure's message: the assertion and what was expected and received. */
const LINES_PER_FAILURE = 6;
/** Failures listed per suite; the rest are counted. */
const MAX_FAILURES = 15;

// Colours and cursor moves (CSI sequences) of the runners' terminal output.
// eslint-disable-next-line no-control-regex
const TERMINAL_CODES = /\u001b\[[0-9;?]*[A-Za-z]/g;

/** The first meaningful lines of an error message, without colours, stack frames or blank lines. */
export function messageLines(message, limit = LINES_PER_FAILURE) {
  return String(message ?? '')
    .replace(TERMINAL_CODES, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !/^\s+at /.test(line))
    .slice(0, limit);
}

/**
 * The failed tests of a Playwright JSON report: retried tests that passed in the end ("flaky")
 * too, since they say what went wrong once. Each: `title` (file › describe › test) and `lines`.
 */
export function playwrightFailures(report) {
  const failures = [];
  const visit = (suite, titles) => {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const bad = (test.results ?? []).filter((result) => result.status !== 'passed' && result.status !== 'skipped');
        if (bad.length === 0) continue;
        const last = bad.at(-1);
        const error = last.error ?? last.errors?.[0];
        const where = error?.location ? ` (line ${error.location.line})` : '';
        const flaky = test.status === 'flaky' ? ' [passed on retry]' : '';
        failures.push({
          title: `${[...path, spec.title].join(' › ')}${flaky}`,
          lines: [`${last.status}${where}`, ...messageLines(error?.message ?? 'no error message')],
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child, path);
  };
  for (const suite of report?.suites ?? []) visit(suite, []);
  // Errors outside any test (a global setup, a file that does not load).
  for (const error of report?.errors ?? []) failures.push({ title: 'outside the tests', lines: messageLines(error.message) });
  return failures;
}

/** The failed tests of a Jest JSON report, and files that failed without a failed test (load errors, hooks). */
export function jestFailures(report, rootDir = '') {
  const failures = [];
  for (const file of report?.testResults ?? []) {
    const name = rootDir && file.name.startsWith(rootDir) ? file.name.slice(rootDir.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((assertion) => assertion.status === 'failed');
    for (const assertion of failed) {
      failures.push({ title: `${name} › ${assertion.fullName ?? assertion.title}`, lines: messageLines(assertion.failureMessages?.join('\n')) });
    }
    if (file.status === 'failed' && failed.length === 0) failures.push({ title: name, lines: messageLines(file.message || file.failureMessage) });
  }
  return failures;
}

/** The digest's lines for one suite: each failure's title, then its lines indented. */
export function digestLines(suiteName, failures) {
  if (failures.length === 0) return [];
  const lines = [];
  for (const failure of failures.slice(0, MAX_FAILURES)) {
    lines.push(`✘ ${suiteName}: ${failure.title}`);
    for (const line of failure.lines) lines.push(`    ${line}`);
  }
  if (failures.length > MAX_FAILURES) lines.push(`… and ${failures.length - MAX_FAILURES} more in ${suiteName}`);
  return lines;
}
