/**
 * `antd` for the client tests, each component loaded when a test first reads it. The package's
 * CommonJS entry requires all of its components, some 650 modules, compiled again for each test
 * file though most use a handful. The export list is read from that entry, where each component
 * is `<Name>: require("./<folder>").default`; anything else it exports (a helper or two) comes
 * from the whole entry when read, and should the entry ever look different, the whole package
 * loads as before. (The entry's only other code is a warning for React below 18.)
 */
const { readFileSync } = require('node:fs');

const entry = readFileSync(require.resolve('antd/lib/index.js'), 'utf8');
const folders = new Map([...entry.matchAll(/var (_\w+) = _interopRequireDefault\(require\("\.\/([\w/-]+)"\)\);/g)].map((m) => [m[1], m[2]]));
const components = [...entry.matchAll(/Object\.defineProperty\(exports, "(\w+)", \{\s*enumerable: true,\s*get: function \(\) \{\s*return (_\w+)\.default;/g)].map((m) => [m[1], folders.get(m[2])]);
const definedCount = [...entry.matchAll(/Object\.defineProperty\(exports, "(\w+)"/g)].filter((m) => m[1] !== '__esModule').length;
const others = [...new Set([...entry.matchAll(/^exports\.(\w+) = /gm)].map((m) => m[1]))];

if (components.length === 0 || components.length !== definedCount || components.some(([, folder]) => !folder)) {
  module.exports = require('antd/lib/index.js');
} else {
  Object.defineProperty(exports, '__esModule', { value: true });
  for (const [name, folder] of components) Object.defineProperty(exports, name, { enumerable: true, get: () => require(`antd/lib/${folder}`).default });
  for (const name of others) Object.defineProperty(exports, name, { enumerable: true, get: () => require('antd/lib/index.js')[name] });
}
