import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * typebox is published as about 700 small ES modules, and Jest loads each of them again for every
 * test file: about a second a server test file, a third of its module loading. The server tests
 * load one CommonJS bundle of typebox instead (jest.config.ts maps every typebox import path to
 * it), built here once per run. Every path reads the same bundle, so typebox's registries (formats,
 * for one) are shared as they are with the real package.
 */
export const typeboxBundleDir = join(__dirname, '../../.tmp/jest-typebox');

/** The import paths of typebox (its package.json "exports"), by the name of their shim file. */
export const typeboxPaths: Record<string, string> = {
  index: 'typebox',
  compile: 'typebox/compile',
  error: 'typebox/error',
  format: 'typebox/format',
  guard: 'typebox/guard',
  schema: 'typebox/schema',
  system: 'typebox/system',
  type: 'typebox/type',
  value: 'typebox/value',
};

/** Built by esbuild's own process: the global set-up makes the database template meanwhile. */
export async function buildTypeboxBundle(): Promise<void> {
  mkdirSync(typeboxBundleDir, { recursive: true });
  const entry = Object.entries(typeboxPaths)
    .map(([name, path]) => `export * as ${name} from '${path}';`)
    .join('\n');
  await build({
    stdin: { contents: entry, resolveDir: join(__dirname, '../..'), loader: 'js' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    outfile: join(typeboxBundleDir, 'bundle.cjs'),
    logLevel: 'error',
  });
  for (const name of Object.keys(typeboxPaths)) {
    // Marked as an ES module so that imports read its named exports as they would from the package.
    writeFileSync(join(typeboxBundleDir, `${name}.cjs`), `module.exports = { __esModule: true, ...require('./bundle.cjs').${name} };\n`);
  }
}
