/**
 * ESLint for the whole repository: typescript-eslint's recommended rules (no type-aware
 * rules, so linting needs no compiler run), the React hooks rules, and the import boundaries
 * of DESIGN.md:
 *   - src/ never imports server/, and server/ never imports src/;
 *   - the web app's layers: app → features → widgets → core → api → components/i18n/themes,
 *     imports only go down (src/main.tsx is on top, src/env.ts below everything); outside src/app nothing
 *     imports src/app but its typed hooks (src/app/hooks.ts);
 *   - a feature (src/features/X) never imports another feature (src/features/Y);
 *     features meet only in src/app or through shared code;
 *   - shared code (src/components, src/themes, src/i18n, src/api) never imports a feature;
 *   - server/src imports only down its layer table (SERVER_LAYERS below): routes → services →
 *     (runtime, db, games) → (config, schemas) → lib, with plugins/ and the composition roots on top;
 *   - files under server/src/routes are named in kebab-case;
 *   - services take their dependencies explicitly, never the Fastify instance, and routes write no
 *     audit row (the service they call does, through services/audit): see serviceShape below;
 *   - the runtime seam (scripts/lint/runtimeSeam.mjs): outside server/src/runtime nothing imports
 *     the local or the docker driver, RootedFileSystem or the confined file code, nor reaches `runtime.driver`.
 * The server's own code is also linted with type information (no floating promises).
 * Imports are resolved against the importing file, so `../other-feature/x` is caught as
 * surely as a longer path.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { runtimeSeam } from './scripts/lint/runtimeSeam.mjs';

const rootDir = dirname(fileURLToPath(import.meta.url));
const sharedAreas = ['components', 'themes', 'i18n', 'api'];

/**
 * The server's layer table: what each room of server/src may import besides itself (DESIGN.md
 * "Layout"). `types` lists rooms it may import for types only (the template types a game describes
 * itself with, the table rows a route's answer is shaped from). `config` is the shape of the panel's
 * configuration, below everything given a part of it. `root` is app.ts, server.ts,
 * cli.ts, translations.ts and cli/: the composition roots, which may import anything.
 */
const SERVER_LAYERS = {
  root: { imports: ['*'] },
  plugins: { imports: ['services', 'runtime', 'db', 'games', 'config', 'schemas', 'lib', 'types'] },
  routes: { imports: ['plugins', 'services', 'runtime', 'games', 'config', 'schemas', 'lib', 'types'], types: ['db'] },
  services: { imports: ['runtime', 'db', 'games', 'config', 'schemas', 'lib', 'types'] },
  runtime: { imports: ['games', 'config', 'schemas', 'lib', 'types'] },
  games: { imports: ['config', 'schemas', 'lib', 'types'], types: ['runtime'] },
  db: { imports: ['schemas', 'lib', 'types'] },
  config: { imports: ['lib', 'types'] },
  schemas: { imports: ['lib', 'types'] },
  lib: { imports: ['types'] },
  types: { imports: [] },
};

/** The room of a path under server/src (see SERVER_LAYERS). */
function serverRoomOf(path) {
  const parts = path.split('/');
  if (parts[1] !== 'src') return 'outside';
  if (parts.length === 3 || parts[2] === 'cli') return 'root';
  return parts[2] in SERVER_LAYERS ? parts[2] : 'unknown';
}

/** Route files are named in kebab-case (`get-players.ts`, `two-factor.ts`), as DESIGN.md says. */
const ROUTE_FILE_NAME = /^[a-z0-9]+(-[a-z0-9]+)*\.ts$/;

/** Why a file's name breaks the server's naming rule, or null. */
function serverNameViolation(path) {
  const parts = path.split('/');
  if (parts[0] !== 'server' || parts[1] !== 'src' || parts[2] !== 'routes') return null;
  const name = parts[parts.length - 1];
  return ROUTE_FILE_NAME.test(name) ? null : `route files are named in kebab-case ("${name}")`;
}

/** Why a server/src file may not import `target`, or null. */
function serverLayerViolation(source, target, typeOnly) {
  const from = serverRoomOf(source);
  const to = serverRoomOf(target);
  if (from === 'outside' || to === 'outside' || from === to) return null;
  if (from === 'unknown') return `${source} is in a room the server's layer table does not name (add it to DESIGN.md and SERVER_LAYERS first)`;
  const layer = SERVER_LAYERS[from];
  if (layer.imports.includes('*') || layer.imports.includes(to)) return null;
  if (typeOnly && layer.types?.includes(to)) return null;
  if (to === 'root') return 'nothing imports the composition roots (app.ts, server.ts, cli.ts, cli/)';
  const allowed = [...layer.imports, ...(layer.types ?? []).map((room) => `${room} (types)`)].join(', ');
  return `server/src/${from} imports only ${allowed || 'nothing'}, not ${to}/ (routes → services → runtime, db, games → config, schemas → lib)`;
}

/** Where a repository-relative path sits in the layering. */
function areaOf(path) {
  const [top, area, name] = path.split('/');
  if (top === 'server') return { kind: 'server' };
  if (top !== 'src') return { kind: 'outside' };
  // The web app's layers, top to bottom (an import may only go down or stay in its layer);
  // src/main.tsx and src/env.ts are files (imports name them without the extension).
  const room = area.replace(/\.tsx?$/, '');
  // widgets/ (server-area blocks that call the API, shared by features) sits between features and core.
  const layer = { main: 5, app: 4, features: 3, widgets: 2.5, core: 2, api: 1, env: -1 }[room] ?? 0;
  if (area === 'features' && name) return { kind: 'feature', name, layer };
  if (room === 'app' || room === 'main') return { kind: 'app', name: area, layer, hooks: /^src\/app\/hooks(\.tsx?)?$/.test(path) };
  if (sharedAreas.includes(area) || room === 'widgets' || room === 'core' || room === 'env') return { kind: 'shared', name: area, layer };
  return { kind: 'app', name: area, layer: 4 };
}

/** Why importing `target` from `source` crosses a boundary, or null when it is allowed. */
function boundaryViolation(source, target, typeOnly = false) {
  const from = areaOf(source);
  const to = areaOf(target);
  if (from.kind === 'server' && to.kind === 'server') return serverLayerViolation(source, target, typeOnly);
  if (from.kind === 'server' && ['feature', 'shared', 'app'].includes(to.kind)) return 'server/ never imports from src/';
  if (from.kind !== 'server' && from.kind !== 'outside' && to.kind === 'server') {
    return 'src/ never imports from server/ (the API contract reaches the client through src/api/generated)';
  }
  if (from.layer === undefined || to.layer === undefined) return null;
  if (from.kind === 'feature' && to.kind === 'feature' && from.name !== to.name) {
    return `features do not import each other (${from.name} → ${to.name}); share through src/core or lower layers`;
  }
  if (to.kind === 'app' && from.kind !== 'app' && !to.hooks) return 'nothing outside src/app imports src/app but its typed hooks (src/app/hooks.ts)';
  if (to.hooks) return null;
  if (from.kind === 'shared' && to.kind === 'feature') return `shared code (src/${from.name}) does not import features (${to.name})`;
  if (to.layer > from.layer) {
    return `imports go down the layers app → features → widgets → core → api → components/i18n/themes (src/${from.name} → src/${to.name})`;
  }
  return null;
}

/** The local rule that applies boundaryViolation to every relative import and re-export. */
const boundaries = {
  meta: { type: 'problem', docs: { description: 'Import boundaries between src/, server/ and features' }, schema: [] },
  create(context) {
    const sourcePath = relative(rootDir, context.filename).split(sep).join('/');
    const check = (node, typeOnly = false) => {
      const spec = node?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const targetPath = relative(rootDir, resolve(dirname(context.filename), spec))
        .split(sep)
        .join('/');
      const reason = boundaryViolation(sourcePath, targetPath, typeOnly);
      if (reason) context.report({ node, message: `Import of "${spec}" crosses a boundary: ${reason}.` });
    };
    // `import type { A }` and `import { type A, type B }` bring in no code.
    const typeOnlyImport = (node) => node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
    return {
      Program: (node) => {
        const reason = serverNameViolation(sourcePath);
        if (reason) context.report({ node, message: `File name breaks the layout: ${reason}.` });
      },
      ImportDeclaration: (node) => check(node.source, typeOnlyImport(node)),
      ExportNamedDeclaration: (node) => check(node.source, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.literal ?? node.source, true),
    };
  },
};

/**
 * The local rule that holds services to their shape and keeps audit writes out of routes.
 * Services have one shape (DESIGN.md "The server"): given their dependencies explicitly, never the
 * Fastify instance as a service locator. Refused in server/src/services: importing fastify's
 * `FastifyInstance` and naming that type anywhere (a parameter typed so, `import('fastify')...`).
 * Audit entries are written by services, through the one audit service; routes translate HTTP
 * only. Refused in server/src/routes: importing the audit writer (a value from services/audit/)
 * or the audit table (`auditLogs`).
 */
const serviceShape = {
  meta: { type: 'problem', docs: { description: 'Services take explicit dependencies; routes write no audit row' }, schema: [] },
  create(context) {
    const sourcePath = relative(rootDir, context.filename).split(sep).join('/');
    const inServices = sourcePath.startsWith('server/src/services/');
    const inRoutes = sourcePath.startsWith('server/src/routes/');
    if (!inServices && !inRoutes) return {};
    const noInstance = (node) =>
      context.report({ node, message: 'A service does not take the Fastify instance: pass it the dependencies it uses (database, runtime manager, config, mailer, log) explicitly.' });
    const targetOf = (spec) =>
      relative(rootDir, resolve(dirname(context.filename), spec))
        .split(sep)
        .join('/');
    const auditRow = (node) => context.report({ node, message: 'A route does not write audit rows: the service it calls records the entry through the audit service (services/audit).' });
    return {
      ImportDeclaration(node) {
        const spec = node.source.value;
        if (inServices && spec === 'fastify') {
          for (const s of node.specifiers) if (s.type === 'ImportSpecifier' && s.imported.name === 'FastifyInstance') noInstance(s);
        }
        if (inRoutes && typeof spec === 'string' && spec.startsWith('.')) {
          const target = targetOf(spec);
          const typeOnly = node.importKind === 'type';
          for (const s of node.specifiers) {
            const name = s.type === 'ImportSpecifier' ? s.imported.name : null;
            if (name === 'auditLogs') auditRow(s);
            else if (target.startsWith('server/src/services/audit/') && !typeOnly && s.importKind !== 'type') auditRow(s);
          }
        }
      },
      TSTypeReference(node) {
        if (!inServices) return;
        const name = node.typeName.type === 'TSQualifiedName' ? node.typeName.right.name : node.typeName.name;
        if (name === 'FastifyInstance') noInstance(node);
      },
      TSImportType(node) {
        if (inServices && (node.argument?.literal ?? node.source)?.value === 'fastify' && node.qualifier?.name === 'FastifyInstance') noInstance(node);
      },
    };
  },
};

export default defineConfig(
  globalIgnores(['dist/', 'coverage/', 'data/', '.tmp/', 'test-results/', 'e2e/artifacts/', 'bench/results/', 'src/api/generated/', 'server/src/db/migrations/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    plugins: { panel: { rules: { boundaries, serviceShape, 'runtime-seam': runtimeSeam } } },
    rules: { 'panel/boundaries': 'error', 'panel/serviceShape': 'error' },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: { 'panel/runtime-seam': 'error' },
  },
  // Browser code
  {
    files: ['src/**/*.{ts,tsx}', '__tests__/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/app/hooks.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector'],
              message: 'Use the typed useAppDispatch / useAppSelector from src/app/hooks.',
            },
          ],
        },
      ],
    },
  },
  // Node code: the server, tools, tests and configuration files
  {
    files: ['server/**', 'scripts/**', 'bench/**', 'e2e/**', '__tests__/**', '*.{js,cjs,mjs,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@sinclair/typebox', message: "Use the 'typebox' package (TypeBox 1.x)." }] }],
    },
  },
  // Type-aware rules for the server's own code only: its type information comes from
  // server/tsconfig.json (server/src alone), so the web app, the tests and the tools keep the fast
  // syntax-only lint.
  {
    files: ['server/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: rootDir } },
    rules: {
      // A promise nobody awaits fails silently (or ends the panel as an unhandled rejection):
      // await it, or say `void` with a comment where firing and forgetting is meant.
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['__tests__/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['**/*.cjs', 'babel.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
