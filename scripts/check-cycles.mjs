#!/usr/bin/env node
/**
 * Import cycle check for the web app (src/) and the API server (server/src/).
 *
 *   node scripts/check-cycles.mjs [root ...]     exits 1 and lists the cycles when there are any
 *
 * Reads every .ts/.tsx file under the roots (default: src and server/src), follows the relative
 * imports, re-exports and dynamic imports it resolves to a file, and reports each group of
 * files that import each other in a loop (strongly connected components, Tarjan's algorithm).
 * Two kinds of loop are allowed, as DESIGN.md says:
 *   - type-only imports (`import type`, `export type`, all specifiers `type`): no code runs;
 *   - imports between the Drizzle schema's own files (server/src/db/schema/): tables refer to
 *     each other's keys (mutual foreign keys).
 * A regular-expression reader, not a compiler: fast (well under a second) and enough for the
 * import forms this code base uses.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs'];
const SCHEMA_DIR = /(^|\/)server\/src\/db\/schema\//;

/** Every source file under `dir` (tests, generated code and declaration files excepted). */
function sourceFiles(dir) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'migrations') out.push(...sourceFiles(path));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The file a relative specifier names, or null (a folder resolves to its index). */
function resolveImport(fromFile, spec) {
  const base = resolve(dirname(fromFile), spec);
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, 'index' + ext))];
  // `./x.js` written for a `./x.ts` file (ES module style).
  if (/\.[cm]?js$/.test(base)) candidates.push(base.replace(/\.[cm]?js$/, '.ts'), base.replace(/\.[cm]?js$/, '.tsx'));
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

const IMPORT_FORMS = [
  // import x from './a'; import { a, type b } from './a'; import type { T } from './a'
  /\bimport\s+(type\s+)?([\w*${},\s]*?)\s*from\s*['"](\.[^'"]*)['"]/g,
  // export { a } from './a'; export * from './a'; export type { T } from './a'
  /\bexport\s+(type\s+)?([\w*${},\s]*?)\s*from\s*['"](\.[^'"]*)['"]/g,
  // import './side-effect'
  /\bimport\s*()()['"](\.[^'"]*)['"]/g,
  // import('./lazy')
  /\bimport\s*\(\s*()()['"](\.[^'"]*)['"]\s*\)/g,
];

/** The relative imports of a source text that bring in code: [{ spec, typeOnly }]. */
export function importsOf(text) {
  // Comments would show imports that are not there.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  for (const form of IMPORT_FORMS) {
    for (const match of code.matchAll(form)) {
      const [, typeKeyword, clause, spec] = match;
      const names = /\{([^}]*)\}/.exec(clause ?? '')?.[1];
      const defaultOrStar = (clause ?? '')
        .replace(/\{[^}]*\}/, '')
        .replace(/,/g, '')
        .trim();
      const allTypeSpecifiers =
        names !== undefined &&
        !defaultOrStar &&
        names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .every((name) => name.startsWith('type '));
      found.push({ spec, typeOnly: Boolean(typeKeyword) || allTypeSpecifiers });
    }
  }
  return found;
}

/** The import graph of the roots: repository-relative file → set of files it imports. */
export function importGraph(roots) {
  const graph = new Map();
  const files = roots.flatMap((root) => sourceFiles(resolve(rootDir, root)));
  for (const file of files) {
    const from = relative(rootDir, file).split(sep).join('/');
    const edges = new Set();
    for (const { spec, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
      if (typeOnly) continue;
      const target = resolveImport(file, spec);
      if (!target || !/\.(ts|tsx)$/.test(target)) continue;
      const to = relative(rootDir, target).split(sep).join('/');
      if (SCHEMA_DIR.test(from) && SCHEMA_DIR.test(to)) continue;
      edges.add(to);
    }
    graph.set(from, edges);
  }
  return graph;
}

/** Groups of two or more files that import each other in a loop (Tarjan's algorithm, iterative). */
export function findCycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, edges] = frame;
      if (frame[2] < edges.length) {
        const next = edges[frame[2]++];
        if (!graph.has(next)) continue;
        if (!index.has(next)) {
          index.set(next, counter);
          low.set(next, counter++);
          stack.push(next);
          onStack.add(next);
          work.push([next, [...graph.get(next)], 0]);
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const roots = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['src', 'server/src'];
  const graph = importGraph(roots);
  const cycles = findCycles(graph);
  if (cycles.length === 0) {
    console.log(`No import cycles in ${roots.join(', ')} (${graph.size} files; type-only imports and the Drizzle schema's foreign keys excepted).`);
  } else {
    console.error(`${cycles.length} import cycle(s) (files that import each other in a loop; break them or make the import type-only):`);
    for (const cycle of cycles) console.error(`  - ${cycle.join('\n    ')}`);
    process.exitCode = 1;
  }
}
