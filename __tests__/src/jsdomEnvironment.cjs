/**
 * Jest's jsdom environment, with a larger cache of compiled CSS selectors.
 *
 * jsdom's getComputedStyle matches every rule of the page's style sheets against the element,
 * and Testing Library asks it for nearly every element a role query looks at. antd's CSS-in-JS
 * puts well over a thousand selectors on a page, while nwsapi (jsdom's selector engine) keeps
 * only its last 1,000 compiled selectors: walking the sheets in order then misses the cache
 * every time and compiles each selector again. With room for all of them, the config page's
 * tests run in half the time. Only the cache's size changes; matching is the same code.
 */
const Module = require('node:module');

const nwsapiFile = require.resolve('nwsapi', { paths: [require.resolve('jsdom')] });
const compile = Module.prototype._compile;
Module.prototype._compile = function compileWithLargerSelectorCache(content, filename) {
  if (filename === nwsapiFile) content = content.replace(/\bCACHE_LIMIT = \d+,/, 'CACHE_LIMIT = 100000,');
  return compile.call(this, content, filename);
};
try {
  // jsdom loads nwsapi on the first selector it matches; load it now, while the hook is in place,
  // so jsdom finds this copy in the module cache.
  require(nwsapiFile);
  module.exports = require('jest-environment-jsdom').TestEnvironment;
} finally {
  Module.prototype._compile = compile;
}
