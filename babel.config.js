/**
 * One Babel configuration for webpack, Jest and the tools that load TypeScript.
 * Browsers get modern targets (smaller bundles); Node (Jest, scripts) gets the running version.
 */
module.exports = (api) => {
  const isTest = api.env('test');
  return {
    presets: [
      ['@babel/preset-env', isTest ? { targets: { node: 'current' } } : { targets: 'chrome >= 111, firefox >= 115, safari >= 16.4, edge >= 111', bugfixes: true, modules: false }],
      ['@babel/preset-react', { runtime: 'automatic', development: api.env('development') }],
      ['@babel/preset-typescript', { allowDeclareFields: true, onlyRemoveTypeImports: true }],
    ],
  };
};
