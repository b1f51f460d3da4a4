#!/usr/bin/env node
/**
 * Keeps `npm ci` working with package-lock.json on registries that do not carry every
 * platform build of a package (optional dependencies such as @unrs/resolver-binding-darwin-arm64).
 *
 * npm 11.16+ leaves such unavailable optional dependencies out of the lock file and then
 * `npm ci` rejects its own lock file ("Missing: <name>@ from lock file"). This adds a
 * placeholder entry (version, optional) for each optional dependency the lock file names but
 * does not contain; `npm ci` then skips them as it skips any optional package it cannot install.
 *
 *   node scripts/fix-lockfile.mjs [file]          add the missing entries
 *   node scripts/fix-lockfile.mjs --check [file]  only report them (exit 1 when there are any)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rootDir } from './lib/spaBuild.mjs';

const file = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? join(rootDir, 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages ?? {};

/** Where Node would find `name` from the package at `path`: that folder's node_modules, then each parent's. */
function resolvesTo(path, name) {
  let base = path;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const index = base.lastIndexOf('/node_modules/');
    base = index === -1 ? '' : base.slice(0, index);
  }
}

const added = [];
for (const [path, entry] of Object.entries(packages)) {
  if (!path) continue;
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolvesTo(path, name)) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) {
      console.warn(`${path} wants optional ${name}@${spec}: not an exact version, left alone`);
      continue;
    }
    const at = packages[`node_modules/${name}`] ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    packages[at] = { version: spec, ...(entry.dev ? { dev: true } : {}), ...(entry.devOptional ? { devOptional: true } : {}), optional: true };
    added.push(`${at}@${spec}`);
  }
}

if (process.argv.includes('--check')) {
  if (added.length) {
    console.error(`package-lock.json lacks ${added.length} optional entries (npm ci will refuse it): run node scripts/fix-lockfile.mjs`);
    process.exit(1);
  }
  console.log('package-lock.json names every optional dependency.');
} else if (added.length) {
  // npm's own key order: sorted package paths, the root ("") first.
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`Added ${added.length} placeholder entries:\n  ${added.join('\n  ')}`);
} else {
  console.log('package-lock.json already names every optional dependency.');
}
