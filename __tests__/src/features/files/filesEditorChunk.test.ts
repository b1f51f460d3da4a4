import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(__dirname, '../../../..');

/** The modules a source file imports statically for its code (type-only imports and import() left out). */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specs: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) specs.push((statement.moduleSpecifier as ts.StringLiteral).text);
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) specs.push((statement.moduleSpecifier as ts.StringLiteral).text);
  }
  return specs;
}

/** Every module loaded with `entry` (relative ones followed inside src/, packages by name). */
function loadedWith(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImports(file)) {
      if (!spec.startsWith('.')) {
        seen.add(spec);
        continue;
      }
      const base = resolve(dirname(file), spec);
      const found = ['.tsx', '.ts', '/index.ts', '/index.tsx'].map((suffix) => base + suffix).find((candidate) => ts.sys.fileExists(candidate));
      if (found) visit(found);
    }
  };
  visit(resolve(root, entry));
  return seen;
}

describe('the files page’s code', () => {
  it('does not load the code editor (CodeMirror) with the list: only opening a file does', () => {
    const modules = [...loadedWith('src/features/files/FilesPage.tsx')];
    expect(modules.filter((name) => name.startsWith('@codemirror/') || name.endsWith('CodeEditor.tsx') || name.endsWith('languageSupport.ts'))).toEqual([]);
    // The walk did reach the editor’s wrapper, which loads CodeMirror on demand.
    expect(modules.some((name) => name.endsWith('editor/FileEditor.tsx'))).toBe(true);
  });
});
