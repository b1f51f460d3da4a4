/**
 * ESLint for the whole repository: typescript-eslint's recommended rules (no type-aware
 * rules, so linting needs no compiler run), the React hooks rules, and the import boundaries
 * of DESIGN.md:
 *   - src/ never imports server/, and server/ never imports src/;
 *   - the web app's layers: app → features → core → api → components/i18n/themes, imports only
 *     go down (src/main.tsx is on top, src/env.ts below everything); outside src/app nothing
 *     imports src/app but its typed hooks (src/app/hooks.ts);
 *   - a feature (src/features/X) never imports another feature (src/features/Y);
 *     features meet only in src/app or through shared code;
 *   - shared code (src/components, src/themes, src/i18n, src/api) never imports a feature.
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

const rootDir = dirname(fileURLToPath(import.meta.url));
const sharedAreas = ['components', 'themes', 'i18n', 'api'];

/** Where a repository-relative path sits in the layering. */
function areaOf(path) {
  const [top, area, name] = path.split('/');
  if (top === 'server') return { kind: 'server' };
  if (top !== 'src') return { kind: 'outside' };
  // The web app's layers, top to bottom (an import may only go down or stay in its layer);
  // src/main.tsx and src/env.ts are files (imports name them without the extension).
  const room = area.replace(/\.tsx?$/, '');
  const layer = { main: 5, app: 4, features: 3, core: 2, api: 1, env: -1 }[room] ?? 0;
  if (area === 'features' && name) return { kind: 'feature', name, layer };
  if (room === 'app' || room === 'main') return { kind: 'app', name: area, layer, hooks: /^src\/app\/hooks(\.tsx?)?$/.test(path) };
  if (sharedAreas.includes(area) || room === 'core' || room === 'env') return { kind: 'shared', name: area, layer };
  return { kind: 'app', name: area, layer: 4 };
}

/** Why importing `target` from `source` crosses a boundary, or null when it is allowed. */
function boundaryViolation(source, target) {
  const from = areaOf(source);
  const to = areaOf(target);
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
    return `imports go down the layers app → features → core → api → components/i18n/themes (src/${from.name} → src/${to.name})`;
  }
  return null;
}

/** The local rule that applies boundaryViolation to every relative import and re-export. */
const boundaries = {
  meta: { type: 'problem', docs: { description: 'Import boundaries between src/, server/ and features' }, schema: [] },
  create(context) {
    const sourcePath = relative(rootDir, context.filename).split(sep).join('/');
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const targetPath = relative(rootDir, resolve(dirname(context.filename), spec)).split(sep).join('/');
      const reason = boundaryViolation(sourcePath, targetPath);
      if (reason) context.report({ node, message: `Import of "${spec}" crosses a boundary: ${reason}.` });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.literal ?? node.source),
    };
  },
};

export default defineConfig(
  globalIgnores([
    'dist/',
    'coverage/',
    'data/',
    '.tmp/',
    'test-results/',
    'e2e/artifacts/',
    'bench/results/',
    'src/api/generated/',
    'server/src/db/migrations/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    plugins: { panel: { rules: { boundaries } } },
    rules: { 'panel/boundaries': 'error' },
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
