/**
 * The template of bench/console's game server, registered inside the panel process under test
 * (bench/console/run.mjs preloads this file with `--import`). The server is floodGame.cjs: it
 * prints numbered log lines as fast as it can when told `flood SECONDS MAX_LINES`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerTemplate, type TemplateDefinition } from '../../server/src/games/templates';

/** Slug of the benchmark's template (servers:create --template bench-flood). */
export const FLOOD_TEMPLATE_SLUG = 'bench-flood';

export const floodTemplate: TemplateDefinition = {
  slug: FLOOD_TEMPLATE_SLUG,
  // The catalog knows real games only; the plan limits of Minecraft suit a Node process.
  game: 'minecraft',
  name: 'Console flood (benchmark)',
  description: 'Prints numbered log lines as fast as it can, to measure the live console.',
  startCommand: '{{NODE}} flood.cjs',
  env: { FLOOD_LIFETIME: '{{FLOOD_LIFETIME}}' },
  doneRegex: ['^Flood server ready$'],
  stop: { type: 'command', value: 'stop' },
  stopTimeoutMs: 5000,
  install: [{ type: 'write-file', path: 'flood.cjs', content: readFileSync(join(__dirname, 'floodGame.cjs'), 'utf8'), overwrite: true }],
  variables: [
    {
      key: 'FLOOD_LIFETIME',
      name: 'Lifetime',
      description: 'Seconds after which the process exits by itself.',
      default: '300',
      userEditable: false,
      pattern: '^\\d{1,4}$',
    },
  ],
  configFiles: [],
  portProtocol: 'tcp',
  extraPorts: [],
  query: null,
};

registerTemplate(floodTemplate);
