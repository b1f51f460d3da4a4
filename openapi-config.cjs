/**
 * @rtk-query/codegen-openapi configuration: one generated file per OpenAPI tag
 * (src/api/generated/<tag>.gen.ts), each injecting its endpoints into the empty `baseApi`.
 * Read by scripts/codegen.ts after it has written src/api/openapi.json.
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const schemaFile = './src/api/openapi.json';

/** `server-backups` → `serverBackups`. */
const camel = (tag) => tag.replace(/[-_\s]+(\w)/g, (_, c) => c.toUpperCase());
/** `serverBackups` → `server-backups` (file names are kebab-case). */
const kebab = (tag) =>
  tag
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();

/** An operation belongs to its first tag only, so no endpoint is generated twice. */
const primaryTag = (operation) => (operation.tags && operation.tags[0]) || 'default';

const document = JSON.parse(readFileSync(join(__dirname, schemaFile), 'utf8'));
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const tags = new Set();
for (const pathItem of Object.values(document.paths || {})) {
  for (const method of methods) if (pathItem[method]) tags.add(primaryTag(pathItem[method]));
}

module.exports = {
  schemaFile,
  apiFile: './src/api/baseApi.ts',
  apiImport: 'baseApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  tag: true,
  outputFiles: Object.fromEntries(
    [...tags].sort().map((tag) => [
      `./src/api/generated/${kebab(tag)}.gen.ts`,
      {
        exportName: `${camel(tag)}Api`,
        filterEndpoints: (_name, definition) => primaryTag(definition.operation) === tag,
      },
    ]),
  ),
};
