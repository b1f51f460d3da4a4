import { readFile } from 'node:fs/promises';
import { HttpError } from '../lib/errors';
import { fetchEgg } from '../services/templates/fetchEgg';
import { importEgg, mapTemplateImages, type ImportActor } from '../services/templates/importEgg';
import { listTemplateViews, requireTemplate, templateJson } from '../services/templates/templateView';
import type { CliCommand } from './commands';

/** The operator on the panel's machine, for the audit log. */
const cliActor: ImportActor = { userId: null, ip: null, via: 'cli' };

/** `templates:*`: importing eggs and mapping their images, for operators on the panel's machine. */
export const templateCommands: Record<string, CliCommand> = {
  'templates:import': {
    usage: 'templates:import FILE|URL [--game minecraft|rust|terraria|ark|palworld]',
    description: 'Import a Pterodactyl (PTDL_v1/v2 JSON) or Pelican (PLCN_v1–v3 YAML) egg as a template; importing the same egg again updates it.',
    async run({ db, config }, args) {
      const source = args.positionals[0];
      if (!source) throw new HttpError(422, 'Missing the egg file or address.');
      const isUrl = /^https?:\/\//i.test(source);
      const egg = isUrl ? await fetchEgg(source, config.pullAllowHosts ?? []) : await readFile(source, 'utf8');
      const game = typeof args.options.game === 'string' ? args.options.game : undefined;
      const { row } = await importEgg(db, { egg, url: isUrl ? source : null, game }, cliActor);
      const { game: gameSlug } = await requireTemplate(db, row.slug);
      return templateJson(row, gameSlug);
    },
  },
  'templates:list': {
    usage: 'templates:list',
    description: 'List templates (built in, then imported) with their variables and images.',
    run: async ({ db }) => listTemplateViews(db),
  },
  'templates:map-image': {
    usage: 'templates:map-image TEMPLATE EGG_IMAGE HOST_IMAGE',
    description: 'Run HOST_IMAGE (built on the nodes or in your registry) wherever the template names EGG_IMAGE; an empty HOST_IMAGE removes the mapping.',
    async run({ db }, args) {
      const [identifier, from, to = ''] = args.positionals;
      if (!identifier || !from) throw new HttpError(422, 'Say the template and the image to map.');
      const { row, game } = await requireTemplate(db, identifier);
      return templateJson(await mapTemplateImages(db, row, { [from]: to }, cliActor), game);
    },
  },
};
