/**
 * `@ant-design/icons` for the client tests, each icon loaded when a test first reads it. The
 * package's CommonJS entry requires every icon it has, some 1,700 modules: over half of what a
 * test file of a page loaded, compiled again for each file. The web app's build takes only the
 * icons it imports from the ES modules, so this changes nothing the tests check.
 */
const { readdirSync } = require('node:fs');
const { dirname, join } = require('node:path');

const entry = require.resolve('@ant-design/icons/lib/components/Icon');
const iconsFolder = join(dirname(entry), '..', 'icons');

const exported = {
  default: () => require('@ant-design/icons/lib/components/Icon').default,
  IconProvider: () => require('@ant-design/icons/lib/components/Context').default.Provider,
  createFromIconfontCN: () => require('@ant-design/icons/lib/components/IconFont').default,
  getTwoToneColor: () => require('@ant-design/icons/lib/components/twoTonePrimaryColor').getTwoToneColor,
  setTwoToneColor: () => require('@ant-design/icons/lib/components/twoTonePrimaryColor').setTwoToneColor,
};
for (const file of readdirSync(iconsFolder)) {
  const match = /^([A-Z]\w+)\.js$/.exec(file);
  if (match) exported[match[1]] = () => require(`@ant-design/icons/lib/icons/${match[1]}`).default;
}

Object.defineProperty(exports, '__esModule', { value: true });
for (const [name, load] of Object.entries(exported)) Object.defineProperty(exports, name, { enumerable: true, get: load });
