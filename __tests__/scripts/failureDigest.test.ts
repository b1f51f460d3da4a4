import { digestLines, jestFailures, messageLines, playwrightFailures } from '../../scripts/lib/failureDigest.mjs';

// Shaped like Playwright's JSON reporter output (JSONReport in playwright/types/testReporter.d.ts).
const playwrightReport = {
  suites: [
    {
      title: 'files.spec.ts',
      specs: [],
      suites: [
        {
          title: 'the file manager',
          specs: [
            { title: 'lists a folder', tests: [{ status: 'expected', results: [{ status: 'passed' }] }] },
            {
              title: 'Back asks first',
              tests: [
                {
                  status: 'unexpected',
                  results: [
                    {
                      status: 'failed',
                      error: {
                        message:
                          "\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: getByRole('dialog')\nExpected: visible\nTimeout: 10000ms\n    at /repo/e2e/files.spec.ts:114:28",
                        location: { file: '/repo/e2e/files.spec.ts', line: 114, column: 28 },
                      },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      title: 'support-replay.spec.ts',
      suites: [
        {
          title: 'support replay',
          specs: [
            {
              title: 'replays',
              tests: [{ status: 'flaky', results: [{ status: 'timedOut', errors: [{ message: 'Test timeout of 60000ms exceeded.' }] }, { status: 'passed' }] }],
            },
          ],
        },
      ],
    },
  ],
  errors: [{ message: 'Error: global setup failed' }],
};

describe('the failure digest of npm test', () => {
  it('names each failed Playwright test with its status, line and message, flaky ones marked', () => {
    expect(playwrightFailures(playwrightReport)).toEqual([
      {
        title: 'files.spec.ts › the file manager › Back asks first',
        lines: ['failed (line 114)', 'Error: expect(locator).toBeVisible() failed', "Locator: getByRole('dialog')", 'Expected: visible', 'Timeout: 10000ms'],
      },
      { title: 'support-replay.spec.ts › support replay › replays [passed on retry]', lines: ['timedOut', 'Test timeout of 60000ms exceeded.'] },
      { title: 'outside the tests', lines: ['Error: global setup failed'] },
    ]);
  });

  it('names failed Jest tests, and files that failed without one, relative to the root', () => {
    const report = {
      testResults: [
        { name: '/repo/__tests__/a.test.ts', status: 'passed', assertionResults: [{ status: 'passed', fullName: 'a works' }] },
        {
          name: '/repo/__tests__/b.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'failed', fullName: 'b refuses ..', failureMessages: ['Error: expect(received).toBe(expected)\n\nExpected: 404\nReceived: 200\n    at Object.<anonymous> (b.test.ts:9:3)'] },
          ],
        },
        { name: '/repo/__tests__/c.test.ts', status: 'failed', message: 'Cannot find module ./gone', assertionResults: [] },
      ],
    };
    expect(jestFailures(report, '/repo')).toEqual([
      { title: '__tests__/b.test.ts › b refuses ..', lines: ['Error: expect(received).toBe(expected)', 'Expected: 404', 'Received: 200'] },
      { title: '__tests__/c.test.ts', lines: ['Cannot find module ./gone'] },
    ]);
  });

  it('keeps a few lines per failure and a bounded list per suite', () => {
    expect(messageLines(Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n'))).toHaveLength(6);
    const many = Array.from({ length: 18 }, (_, i) => ({ title: `t${i}`, lines: ['why'] }));
    const lines = digestLines('jest', many);
    expect(lines.filter((line) => line.startsWith('✘ jest: '))).toHaveLength(15);
    expect(lines.at(-1)).toBe('… and 3 more in jest');
    expect(digestLines('e2e', [])).toEqual([]);
  });
});
