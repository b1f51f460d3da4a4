import type { ServerRow } from '../../db/schema';
import type { Database } from '../../db/client';
import type { Catalogue } from '../../games/catalogue/Catalogue';
import { CatalogueNotFoundError, compareVersions, type CatalogueDownload } from '../../games/catalogue/types';
import { HttpError, ValidationError } from '../../lib/errors';
import { loadServerContext } from '../servers/loadServerContext';
import type { TemplateDefinition } from '../../games/templates/TemplateDefinition';
import type { SoftwareVersionsJson, SwitchBody, VersionsOverviewJson } from '../../schemas/versions';
import { recordAudit, type Actor } from '../audit/audit';
import { catalogueError } from './catalogueError';
import { currentSoftware, needsJava, switchableSoftware, templateForSoftware, templateSoftware } from './currentSoftware';
import { familyTemplateId } from './familySwitch';
import { javaOnNode } from './javaOnNode';
import type { SwitchJob, SwitchJobs, SwitchPlan } from './SwitchJobs';

export interface VersionServiceOptions {
  db: Database;
  /** Read on every use (a getter in the composition): the catalogue may be pointed elsewhere while the panel runs. */
  readonly catalogue: Catalogue;
  switchJobs: SwitchJobs;
}

/**
 * The versions of a server's software: what it runs and may switch to, each software's versions
 * from the catalogue, the check of a switch or setup target, and starting a switch (audited).
 */
export class VersionService {
  constructor(private readonly options: VersionServiceOptions) {}

  private async templateOf(server: ServerRow): Promise<TemplateDefinition> {
    return (await loadServerContext(this.options.db, server)).template;
  }

  /** The current software, what the server may switch to, the node's Java and the last job. */
  async versionsOverview(server: ServerRow): Promise<VersionsOverviewJson> {
    const template = await this.templateOf(server);
    const current = currentSoftware(server, template);
    const switchable = new Set(switchableSoftware(template));
    const own = new Set(templateSoftware(template));
    const names = new Map(this.options.catalogue.software().map((s) => [s.id, s.name]));
    const java = switchable.size > 0 ? javaOnNode() : null;
    return {
      current: current ? { ...current, name: names.get(current.software) ?? current.software } : null,
      software: this.options.catalogue.software().map((s) => ({
        id: s.id,
        name: s.name,
        kind: s.kind,
        switchable: switchable.has(s.id),
        reinstall: switchable.has(s.id) && !own.has(s.id),
        unavailable: switchable.has(s.id) && needsJava(s.id) && java === null ? ('java' as const) : null,
      })),
      java_major: java,
      job: this.options.switchJobs.jobOf(server.uuid),
    };
  }

  /** One software's versions, filtered (release/snapshot, search), with downgrade and Java warnings against the current software. */
  async softwareVersions(server: ServerRow, software: string, query: { type?: string; search?: string; limit?: number }): Promise<SoftwareVersionsJson> {
    const template = await this.templateOf(server);
    const current = currentSoftware(server, template);
    let versions;
    try {
      versions = await this.options.catalogue.versions(software);
    } catch (error) {
      if (error instanceof CatalogueNotFoundError) throw new ValidationError({ software: [error.message] });
      return catalogueError(error);
    }
    const type = query.type ?? 'release';
    const search = query.search?.trim().toLowerCase() ?? '';
    const java = javaOnNode();
    const currentMinecraft = current && current.version !== 'latest' ? current.version : null;
    const filtered = versions.filter((v) => (type === 'all' || v.type === type) && (!search || v.id.toLowerCase().includes(search)));
    const staleSince = this.options.catalogue.httpFor(software)?.staleSince ?? null;
    return {
      software,
      total: filtered.length,
      stale_since: staleSince ? new Date(staleSince).toISOString() : null,
      versions: filtered.slice(0, query.limit ?? 200).map((v) => ({
        id: v.id,
        type: v.type,
        minecraft: v.minecraft,
        java_major: v.javaMajor,
        released_at: v.releasedAt,
        current: current?.software === software && current.version === v.id,
        downgrade: Boolean(currentMinecraft && v.minecraft && v.type === 'release' && compareVersions(v.minecraft, currentMinecraft) < 0),
        java_warning: v.javaMajor !== null && needsJava(software) && (java === null || java < v.javaMajor),
      })),
    };
  }

  /**
   * Checks a switch or setup target against the template and the catalogue (422 per field) and
   * answers its download. Unknown software, a software this server cannot run, or a version or
   * build the catalogue does not list → 422.
   */
  async resolveTarget(server: ServerRow, body: SwitchBody): Promise<CatalogueDownload> {
    const template = await this.templateOf(server);
    if (!this.options.catalogue.software().some((s) => s.id === body.software)) throw new ValidationError({ software: [`There is no software "${body.software}" in the catalogue.`] });
    if (!switchableSoftware(template).includes(body.software)) throw new ValidationError({ software: [`This server (${template.name}) cannot run ${body.software}.`] });
    // Java software on a host without Java would only fail at its first start: refused before anything changes.
    if (needsJava(body.software) && !templateSoftware(template).includes(body.software) && javaOnNode() === null) {
      throw new ValidationError({ software: [`This host has no Java, so ${body.software} cannot run here.`] });
    }
    try {
      const versions = await this.options.catalogue.versions(body.software);
      if (!versions.some((v) => v.id === body.version)) throw new ValidationError({ version: [`${body.software} has no version "${body.version}".`] });
      return await this.options.catalogue.download(body.software, body.version, body.build);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      return catalogueError(error);
    }
  }

  /** Starts a switch and records it in the server's audit log: 409 while another switch or setup runs, or while the server is suspended or installing. */
  async requestSwitch(server: ServerRow, body: SwitchBody, actor: Actor, extra: Partial<SwitchPlan> = {}): Promise<SwitchJob> {
    if (this.options.switchJobs.isRunning(server.uuid)) throw new HttpError(409, 'A version switch or setup is already running on this server.');
    if (server.suspended) throw new HttpError(409, 'The server is suspended.');
    if (server.installStatus === 'installing') throw new HttpError(409, 'The server is still being installed.');
    const download = await this.resolveTarget(server, body);
    const template = await this.templateOf(server);
    // Another family: the server is reinstalled into the template that runs that software.
    const family = templateSoftware(template).includes(body.software) ? null : await familyTemplateId(this.options.db, templateForSoftware(body.software));
    const reinstall = family ? { templateId: family, auditProperties: { from: currentSoftware(server, template)?.software ?? template.slug, reinstall: true } } : {};
    const job = this.options.switchJobs.start(server, { kind: 'switch', software: body.software, version: body.version, build: body.build, ...reinstall, ...extra }, download, actor);
    await recordAudit(this.options.db, {
      actorId: actor.userId,
      serverUuid: server.uuid,
      event: 'server.versions.switch',
      ip: actor.ip,
      properties: { software: job.software, version: job.version, build: body.build ?? null },
    });
    return job;
  }
}
