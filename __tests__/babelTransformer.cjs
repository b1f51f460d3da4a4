/**
 * Jest's Babel transform (babel-jest), with a cache key that costs a hash instead of a search.
 *
 * babel-jest keys its cache on the Babel options worked out for each file: for every module a
 * test file loads, even from the cache, Babel looks for configuration files in each folder up
 * from the file (existsSync after existsSync) and builds its config chain again. That was about
 * a third of the CPU a server test file spent loading the panel's modules (2.2 s), in every file.
 * The project has one configuration, babel.config.js, and no .babelrc files or "babel" fields,
 * so the options depend only on that file, Babel's and the presets' versions, the environment
 * (api.env) and the file's path: the key is a hash of those, the file's text and Jest's own
 * configuration. Files are still transformed by babel-jest itself, with the options it works out.
 */
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const babelJest = require('babel-jest').default;

const root = join(__dirname, '..');
const transformer = babelJest.createTransformer();

/** What decides Babel's output besides the file itself, worked out once per worker. */
const configurationKey = (() => {
  const hash = createHash('sha1').update(readFileSync(join(root, 'babel.config.js')));
  for (const name of ['@babel/core', 'babel-jest', '@babel/preset-env', '@babel/preset-react', '@babel/preset-typescript']) {
    hash.update(`\0${name}@${require(require.resolve(`${name}/package.json`, { paths: [root] })).version}`);
  }
  return hash.update(readFileSync(__filename)).digest('hex');
})();

function getCacheKey(sourceText, sourcePath, options) {
  return createHash('sha1')
    .update(configurationKey)
    .update('\0')
    .update(sourceText)
    .update('\0')
    .update(relative(options.config.rootDir, sourcePath))
    .update('\0')
    .update(options.configString)
    .update('\0')
    .update(options.instrument ? 'instrument' : '')
    .update('\0')
    .update(`${process.env.NODE_ENV ?? ''}\0${process.env.BABEL_ENV ?? ''}\0${process.version}`)
    .digest('hex')
    .slice(0, 32);
}

module.exports = {
  ...transformer,
  getCacheKey,
  getCacheKeyAsync: async (sourceText, sourcePath, options) => getCacheKey(sourceText, sourcePath, options),
};
