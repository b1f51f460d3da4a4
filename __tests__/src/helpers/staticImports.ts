import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

/** The repository's root folder. */
export const repositoryRoot = resolve(__dirname, '../../..');

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

/**
 * Every module loaded with the given entries (paths from the repository's root): relative imports
 * followed inside src/ (as absolute paths), packages by the name they are imported with.
 */
export function loadedWith(...entries: string[]): Set<string> {
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
  for (const entry of entries) visit(resolve(repositoryRoot, entry));
  return seen;
}
