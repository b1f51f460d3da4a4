import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

function resolveRelative(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // TypeScript sources imported with a .js suffix.
  const typescript = base.replace(/\.js$/, '.ts');
  return existsSync(typescript) ? typescript : null;
}

/**
 * The test files that open a database, found by following their relative imports: those that
 * reach one of `targets` (the database client). The others (parsers, the runtime's processes and
 * containers, pure helpers) behave the same whatever database the panel uses.
 */
export function testsReaching(testFiles, targets) {
  const wanted = new Set(targets.map((target) => resolve(target)));
  const reaches = new Map();
  function visit(file, stack) {
    if (reaches.has(file)) return reaches.get(file);
    if (wanted.has(file)) return true;
    if (stack.has(file)) return false;
    stack.add(file);
    let found = false;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(SPECIFIER)) {
      const next = resolveRelative(file, match[1]);
      if (next && visit(next, stack)) {
        found = true;
        break;
      }
    }
    stack.delete(file);
    reaches.set(file, found);
    return found;
  }
  return testFiles.filter((file) => visit(resolve(file), new Set()));
}
