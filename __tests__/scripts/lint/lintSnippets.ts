import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../../..');

/** One message ESLint gave on a snippet. */
export interface LintMessage {
  ruleId: string | null;
  message: string;
}

/**
 * Lints each snippet as the content of the given repository-relative path, with the repository's
 * real eslint.config.mjs and ESLint's Node API (`lintText` with that `filePath`), in one child
 * process so ESLint loads its ES-module config natively. Answers every message per snippet.
 *
 * Type-aware rules (server/src) need the path to be a file of the server's TypeScript project:
 * the project service opens that file with the snippet as its content, as an editor would with
 * unsaved changes. So `path` names an existing file; the file on disk is never touched. Rules
 * that need no types can be tried at any path with `typeInformation: false` (typescript-eslint's
 * disableTypeChecked turns the project service and the type-aware rules off).
 */
export function lintSnippets(cases: Array<[path: string, code: string]>, { typeInformation = true } = {}): LintMessage[][] {
  for (const [path] of cases) {
    if (typeInformation && !existsSync(join(root, path))) throw new Error(`${path} does not exist: plant the snippet in an existing file of that room.`);
  }
  const script = `
    const { ESLint } = require('eslint');
    const tseslint = require('typescript-eslint');
    const cases = JSON.parse(process.argv[1]);
    (async () => {
      const eslint = new ESLint({ cwd: ${JSON.stringify(root)}, ${typeInformation ? '' : 'overrideConfig: tseslint.configs.disableTypeChecked'} });
      const out = [];
      for (const [filePath, code] of cases) {
        const [result] = await eslint.lintText(code, { filePath });
        out.push(result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message })));
      }
      process.stdout.write(JSON.stringify(out));
    })().catch((error) => {
      process.stderr.write(String(error && error.stack || error));
      process.exit(1);
    });
  `;
  return JSON.parse(execFileSync(process.execPath, ['-e', script, JSON.stringify(cases)], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }));
}

/** The rule ids of a snippet's messages (a parse error shows as null). */
export const ruleIds = (messages: LintMessage[]) => messages.map((m) => m.ruleId);
