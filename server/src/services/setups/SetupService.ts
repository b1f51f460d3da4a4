import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../../db/client';
import type { ServerRow } from '../../db/schema';
import type { Catalogue } from '../../games/catalogue/Catalogue';
import type { CatalogueDownload } from '../../games/catalogue/types';
import { findConfigFile, declaredConfigFiles } from '../config/declaredConfigFiles';
import { ConfigFileEditor } from '../config/ConfigFileEditor';
import { validateConfigValue } from '../../games/config-files/validateConfigValue';
import { findSetup, setups, type SetupDefinition } from '../../games/setups';
import { HttpError, ValidationError, notFound } from '../../lib/errors';
import { loadServerContext } from '../servers/loadServerContext';
import type { TemplateDefinition } from '../../games/templates/TemplateDefinition';
import type { SwitchBody } from '../../schemas/versions';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../audit/audit';
import type { ExtensionService } from '../extensions/ExtensionService';
import { takesExtensions } from '../extensions/target';
import type { RuntimeManager } from '../servers/RuntimeManager';
import { currentSoftware, templateSoftware } from '../versions/currentSoftware';
import type { SwitchJob, SwitchJobs } from '../versions/SwitchJobs';
import { catalogueError } from '../versions/catalogueError';
import {
  extensionJson,
  placeExtensions,
  planSetupExtensions,
  refuseUnresolved,
  stageExtensions,
  type SetupExtensionJson,
  type SetupExtensionPlan,
  type StagedExtension,
  type UnresolvedExtensionJson,
} from './setupExtensions';

export interface SetupServiceOptions {
  db: Database;
  runtime: RuntimeManager;
  /** Read on every use (a getter in the composition): the catalogue may be pointed elsewhere while the panel runs. */
  readonly catalogue: Catalogue;
  switchJobs: SwitchJobs;
  extensions: ExtensionService;
  /** Checks a software target against the server and the catalogue (422 per field) and answers its download. */
  resolveTarget: (server: ServerRow, target: SwitchBody) => Promise<CatalogueDownload>;
  dataDir: string;
}

/** A setup as the list shows it: offered or not, and why. */
export interface SetupView {
  id: string;
  name: string;
  description: string;
  extensions: string[];
  suggests_new_world: boolean;
  available: boolean;
  unavailable_reason: string | null;
}

export interface SetupPreview {
  setup: string;
  name: string;
  software: { from: { software: string; version: string } | null; to: { software: string; version: string } } | null;
  config: { file: string; key: string; old: string | null; new: string }[];
  files: string[];
  /** The plugins or mods installed (required dependencies included), into `extensions_folder`. */
  extensions: SetupExtensionJson[];
  extensions_folder: 'plugins' | 'mods' | null;
  /** Named extensions already installed (left as they are). */
  extensions_installed: string[];
  /** Extensions that cannot be resolved now: while any is listed, applying is refused. */
  unresolved: UnresolvedExtensionJson[];
  suggests_new_world: boolean;
}

/** Why a setup cannot be applied to a server of this template (null: it can). */
function unavailableReason(setup: SetupDefinition, template: TemplateDefinition, server: ServerRow): string | null {
  if (setup.game !== template.game) return 'This setup is for another game.';
  if (setup.software && template.slug === 'minecraft-flying-squid' && setup.software.software !== 'vanilla') return `The embedded server cannot run ${setup.software.software}.`;
  if (setup.software && template.slug !== 'minecraft-flying-squid' && !templateSoftware(template).includes(setup.software.software)) return `This server cannot run ${setup.software.software}.`;
  for (const path of Object.keys(setup.config)) if (!findConfigFile(declaredConfigFiles(template), path)) return `This server has no ${path}.`;
  if (setup.extensions.length > 0) {
    const software = setup.software?.software ?? currentSoftware(server, template)?.software ?? null;
    if (!software || !takesExtensions(software)) return `This server's software (${software ?? template.name}) takes no plugins or mods.`;
  }
  return null;
}

/**
 * Ready-made setups of a server's game: the list (offered or not, and why), a preview of exactly
 * what applying one changes, and applying it as a switch job (backup, software, extensions,
 * config values, world kept or reset), audited.
 */
export class SetupService {
  constructor(private readonly options: SetupServiceOptions) {}

  private get db(): Database {
    return this.options.db;
  }

  /** The setups of the server's game. */
  async list(server: ServerRow): Promise<SetupView[]> {
    const { template } = await loadServerContext(this.db, server);
    return setups
      .filter((s) => s.game === template.game)
      .map((s) => {
        const reason = unavailableReason(s, template, server);
        return { id: s.id, name: s.name, description: s.description, extensions: s.extensions, suggests_new_world: s.suggestsNewWorld, available: reason === null, unavailable_reason: reason };
      });
  }

  /** The software the setup puts in place on this server ("latest" resolved through the catalogue). */
  private async targetSoftware(setup: SetupDefinition, server: ServerRow, template: TemplateDefinition): Promise<{ software: string; version: string } | null> {
    if (!setup.software) return null;
    const current = currentSoftware(server, template);
    // The embedded server plays vanilla Minecraft at its own version.
    if (template.slug === 'minecraft-flying-squid') return { software: 'flying-squid', version: current?.version ?? '1.21.4' };
    if (setup.software.version !== 'latest') return setup.software;
    try {
      const release = (await this.options.catalogue.versions(setup.software.software)).find((v) => v.type === 'release');
      if (!release) throw new HttpError(502, `The ${setup.software.software} catalogue lists no release.`);
      return { software: setup.software.software, version: release.id };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      return catalogueError(error);
    }
  }

  private async load(server: ServerRow, id: string) {
    const setup = findSetup(id);
    const { template } = await loadServerContext(this.db, server);
    if (!setup || setup.game !== template.game) throw notFound('Setup');
    const reason = unavailableReason(setup, template, server);
    if (reason) throw new ValidationError({ setup: [reason] });
    return { setup, template };
  }

  /** Exactly what applying the setup changes: software, each config key old → new (through the config specs), files, extensions. */
  async preview(server: ServerRow, id: string): Promise<SetupPreview> {
    return (await this.plan(server, id)).preview;
  }

  private async plan(server: ServerRow, id: string): Promise<{ preview: SetupPreview; extensions: SetupExtensionPlan; to: { software: string; version: string } | null }> {
    const { setup, template } = await this.load(server, id);
    const files = this.options.runtime.files(server.uuid);
    const config: SetupPreview['config'] = [];
    for (const [path, values] of Object.entries(setup.config)) {
      const declaration = findConfigFile(declaredConfigFiles(template), path)!;
      const { values: currentValues } = await new ConfigFileEditor(files, declaration).read();
      for (const [key, value] of Object.entries(values)) {
        const field = declaration.fields.find((f) => f.key === key);
        const problem = field ? validateConfigValue(field, value) : null;
        if (problem) throw new Error(`Setup ${setup.id} sets ${key} to a value the game refuses: ${problem}`);
        const old = currentValues[key] ?? null;
        if (old !== value) config.push({ file: path, key, old, new: value });
      }
    }
    const current = currentSoftware(server, template);
    const to = await this.targetSoftware(setup, server, template);
    const softwareChanges = to && (!current || current.software !== to.software || current.version !== to.version);
    const extensions = await planSetupExtensions({ catalogue: this.options.catalogue, extensions: this.options.extensions, files }, server, setup.extensions, to ?? current);
    const folder = extensions.target?.folder ?? null;
    const preview: SetupPreview = {
      setup: setup.id,
      name: setup.name,
      software: softwareChanges ? { from: current ? { software: current.software, version: current.version } : null, to } : null,
      config,
      files: [...new Set(config.map((c) => c.file)), ...extensions.planned.map((p) => `${folder}/${p.file}`)],
      extensions: extensions.planned.map(extensionJson),
      extensions_folder: folder,
      extensions_installed: extensions.alreadyInstalled,
      unresolved: extensions.unresolved,
      suggests_new_world: setup.suggestsNewWorld,
    };
    return { preview, extensions, to };
  }

  /**
   * Applies a setup as a job: backup, the extensions downloaded and verified (before anything
   * changes), software (if it changes), the extensions put into plugins/ or mods/, config values,
   * world kept or reset; recorded as the extensions area records installs, and audited. A setup
   * whose extensions cannot all be resolved is refused before anything changes.
   */
  async apply(server: ServerRow, id: string, resetWorld: boolean, actor: Actor): Promise<SwitchJob> {
    const { switchJobs, runtime } = this.options;
    if (switchJobs.isRunning(server.uuid)) throw new HttpError(409, 'A version switch or setup is already running on this server.');
    if (server.suspended) throw new HttpError(409, 'The server is suspended.');
    const { preview, extensions, to } = await this.plan(server, id);
    refuseUnresolved(extensions);
    const { setup, template } = await this.load(server, id);
    const target = preview.software?.to ?? (setup.software ? to : null);
    const download = target ? await this.options.resolveTarget(server, target) : null;
    const staging = join(this.options.dataDir, 'setup-downloads', server.uuid, randomBytes(6).toString('hex'));
    let staged: StagedExtension[] = [];
    const folder = extensions.target?.folder ?? null;
    const installing = extensions.planned.length > 0 && folder !== null;
    // The job works on the server's own files (it snapshots them first and puts them back on failure).
    const files = () => runtime.files(server.uuid);
    const apply = async () => {
      for (const [path, values] of Object.entries(setup.config)) {
        await new ConfigFileEditor(files(), findConfigFile(declaredConfigFiles(template), path)!).save({ values });
      }
    };
    const job = switchJobs.start(
      server,
      {
        kind: 'setup',
        setup: setup.name,
        software: target?.software ?? template.slug,
        version: target?.version ?? '',
        apply,
        resetWorld,
        ...(installing
          ? {
              auditProperties: { extensions: preview.extensions.map((e) => ({ name: e.name, version: e.version_number, file: `${folder}/${e.file}` })) },
              prepare: async (onProgress: (fraction: number) => void) => {
                staged = await stageExtensions(staging, extensions.planned, onProgress);
              },
              place: async () => {
                await placeExtensions(files(), folder, staged);
              },
              committed: () => this.options.extensions.recordInstalled(server, staged),
              cleanup: () => fs.rm(staging, { recursive: true, force: true }),
            }
          : {}),
      },
      download,
      actor,
    );
    await recordAudit(this.db, {
      actorId: actor.userId,
      serverUuid: server.uuid,
      event: 'server.setups.apply',
      ip: actor.ip,
      properties: {
        setup: preview.name,
        resetWorld,
        keys: preview.config.map((c) => c.key),
        extensions: preview.extensions.map((e) => ({ name: e.name, version: e.version_number, file: `${preview.extensions_folder}/${e.file}` })),
      },
    });
    return job;
  }
}
