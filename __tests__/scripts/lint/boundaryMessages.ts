import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '../../..');

/**
 * Lints each snippet as if it lived at the given path, with the repository's real
 * eslint.config.mjs (ESLint's lintText with a fake filePath, in a child process so ESLint loads
 * its ES-module config natively), and returns the boundary rule's messages per case. The boundary
 * rule reads imports only: type information is turned off (typescript-eslint's
 * disableTypeChecked), as the server's TypeScript project knows no file at a fake path.
 */
export function boundaryMessages(cases: Array<[path: string, code: string]>): string[][] {
  const script = `
    const { ESLint } = require('eslint');
    const tseslint = require('typescript-eslint');
    const cases = JSON.parse(process.argv[1]);
    (async () => {
      const eslint = new ESLint({ cwd: ${JSON.stringify(root)}, overrideConfig: tseslint.configs.disableTypeChecked });
      const out = [];
      for (const [filePath, code] of cases) {
        const [result] = await eslint.lintText(code, { filePath });
        out.push(result.messages.filter((m) => m.ruleId === 'panel/boundaries').map((m) => m.message));
      }
      process.stdout.write(JSON.stringify(out));
    })();
  `;
  return JSON.parse(execFileSync(process.execPath, ['-e', script, JSON.stringify(cases)], { cwd: root, encoding: 'utf8' }));
}
