/** One failed test: where it is, and the first lines of why. */
export interface Failure {
  title: string;
  lines: string[];
}

export function messageLines(message: unknown, limit?: number): string[];
export function playwrightFailures(report: unknown): Failure[];
export function jestFailures(report: unknown, rootDir?: string): Failure[];
export function digestLines(suiteName: string, failures: Failure[]): string[];
