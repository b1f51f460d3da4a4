/**
 * The runtime seam (DESIGN.md "The runtime"): nothing outside server/src/runtime knows where a
 * server's folder is or which driver runs it. Two things give that away, and this rule refuses
 * both in server/src outside server/src/runtime:
 *   - an import (static, dynamic, re-export or `import type`) of the local driver
 *     (server/src/runtime/local/), of the docker driver (server/src/runtime/docker/: nodes are
 *     wired to their drivers in runtime/createRuntimeSetup.ts), of RootedFileSystem (server/src/runtime/RootedFileSystem) or of
 *     the confined file code (server/src/runtime/confined/): the file port and the runtime
 *     manager are the way in;
 *   - reaching through the manager to its driver (`runtime.driver`, `app.runtime.driver`): the
 *     manager offers what callers need, so a driver on another machine serves them the same.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Paths under server/src/runtime that only the runtime itself may import (repository-relative, no extension). */
const RUNTIME_INSIDES = [
  { prefix: 'server/src/runtime/local/', what: "the local driver's code (server/src/runtime/local/)" },
  { prefix: 'server/src/runtime/docker/', what: "the docker driver's code (server/src/runtime/docker/)" },
  { prefix: 'server/src/runtime/confined/', what: 'the confined file code (server/src/runtime/confined/)' },
  { exact: 'server/src/runtime/RootedFileSystem', what: 'RootedFileSystem' },
];

const repoPath = (path) => relative(rootDir, path).split(sep).join('/');

/** What part of the runtime's insides a repository-relative import target is, or null. */
function runtimeInside(target) {
  const bare = target.replace(/\.(ts|js|mjs|cjs)$/, '');
  return RUNTIME_INSIDES.find((inside) => (inside.exact ? bare === inside.exact : bare.startsWith(inside.prefix)))?.what ?? null;
}

/** Whether the rule applies to a repository-relative file: the server's code outside its runtime. */
const outsideRuntime = (file) => file.startsWith('server/src/') && !file.startsWith('server/src/runtime/');

/** `runtime.driver`, `app.runtime.driver`, `this.options.runtime.driver`, `runtime?.driver`. */
function isDriverReach(node) {
  if (node.computed || node.property.type !== 'Identifier' || node.property.name !== 'driver') return false;
  const object = node.object.type === 'ChainExpression' ? node.object.expression : node.object;
  if (object.type === 'Identifier') return object.name === 'runtime';
  return object.type === 'MemberExpression' && !object.computed && object.property.type === 'Identifier' && object.property.name === 'runtime';
}

export const runtimeSeam = {
  meta: {
    type: 'problem',
    docs: { description: "Nothing outside server/src/runtime imports the runtime's insides or reaches past the runtime manager to its driver" },
    schema: [],
  },
  create(context) {
    const file = repoPath(context.filename);
    if (!outsideRuntime(file)) return {};
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const what = runtimeInside(repoPath(resolve(dirname(context.filename), spec)));
      if (what) {
        context.report({
          node,
          message: `Import of "${spec}" reaches into ${what}: outside server/src/runtime a server's files go through the file port (runtime.files(uuid)) and everything else through the runtime manager.`,
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.literal ?? node.source),
      MemberExpression: (node) => {
        if (isDriverReach(node)) {
          context.report({
            node,
            message: "Reaching past the runtime manager to its driver (runtime.driver): the driver interface is the manager's alone; ask the manager (add what is missing there).",
          });
        }
      },
    };
  },
};
