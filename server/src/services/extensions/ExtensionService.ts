import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { ServerRow } from '../../db/schema';
import type { Catalogue } from '../../games/catalogue/Catalogue';
import { HttpError, ValidationError } from '../../lib/errors';
import type { ExtensionProjectJson, ExtensionSearchJson, ExtensionsOverviewJson, InstalledExtensionJson, InstallPlanJson, ProviderId } from '../../schemas/extensions';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../audit/audit';
import type { RuntimeManager } from '../servers/RuntimeManager';
import { loadServerContext } from '../servers/loadServerContext';
import { currentSoftware } from '../versions/currentSoftware';
import { catalogueFailure, hitJson, needTarget, releaseJson, sourceOf } from './extensionAnswers';
import { EXTENSION_FILE } from './extensionFiles';
import { forgetInstalled, recordInstalled } from './extensionRecords';
import { installedProjects, listInstalled } from './installedExtensions';
import { placeReleases, type PlacedRelease } from './placeReleases';
import { resolveReleases } from './resolveReleases';
import { extensionSources, type ExtensionSource, type Release } from './sources';
import { extensionTarget, type ExtensionTarget } from './target';

export interface ExtensionServiceOptions {
  db: Database;
  runtime: RuntimeManager;
  /** Read on every use (a getter in the composition): the catalogue may be pointed elsewhere while the panel runs. */
  readonly catalogue: Catalogue;
  dataDir: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

interface InstallRequest {
  provider: ProviderId;
  project: string;
  version?: string;
  dependencies?: boolean;
}

/**
 * Plugins and mods of a server, from Modrinth, Hangar, SpiGet and CurseForge: the installed ones
 * (recognised by content), search and project pages of the catalogues that fit the server's
 * software, and install (with dependencies), update, enable/disable and removal, one at a time
 * per server, each audited. Files are reached through the server's file port only.
 */
export class ExtensionService {
  /** Servers with an install, update or removal running. */
  private readonly busy = new Set<string>();

  constructor(private readonly options: ExtensionServiceOptions) {}

  private get db(): Database {
    return this.options.db;
  }

  private get recognition() {
    return { db: this.options.db, catalogue: this.options.catalogue, log: this.options.log };
  }

  /** The software the server runs, the target it gives extensions, and the catalogues that fit it. */
  private async context(server: ServerRow) {
    const catalogue = this.options.catalogue;
    const { template } = await loadServerContext(this.db, server);
    const current = currentSoftware(server, template);
    const target = await extensionTarget(catalogue, current);
    const sources = extensionSources(catalogue).filter((s) => !target || s.fits(target));
    return { current, target, sources };
  }

  private files(server: ServerRow) {
    return this.options.runtime.files(server.uuid);
  }

  /** The target and installed list, for the setups that install extensions. */
  async installedProjects(server: ServerRow, target: ExtensionTarget, sources: ExtensionSource[]): Promise<Set<string>> {
    return installedProjects(this.recognition, server, this.files(server), target, sources);
  }

  /** Records files another job (a setup) installed, as installs record them. */
  async recordInstalled(server: ServerRow, placed: { release: Release; sha512: string }[]): Promise<void> {
    await recordInstalled(this.db, server.id, placed);
  }

  async overview(server: ServerRow): Promise<ExtensionsOverviewJson> {
    const { current, target, sources } = await this.context(server);
    const software = current
      ? { software: current.software, name: this.options.catalogue.software().find((s) => s.id === current.software)?.name ?? current.software, version: current.version }
      : null;
    if (!target) return { software, target: null, providers: [], installed: [], catalogue_error: null };
    const { items, catalogueError } = await listInstalled(this.recognition, server, this.files(server), target, sources, true);
    return {
      software,
      target: { software: target.software, software_name: target.softwareName, game_version: target.gameVersion, kind: target.kind, folder: target.folder, loaders: target.loaders },
      providers: sources.map((s) => ({ id: s.id, name: s.name })),
      installed: items,
      catalogue_error: catalogueError,
    };
  }

  async search(server: ServerRow, q: { provider?: ProviderId; query?: string; page?: number; per_page?: number }): Promise<ExtensionSearchJson> {
    const { target: maybe, sources } = await this.context(server);
    const target = needTarget(maybe);
    const source = sourceOf(sources, q.provider);
    const page = q.page ?? 1;
    const perPage = q.per_page ?? 20;
    try {
      const [result, installed] = await Promise.all([source.search(target, q.query ?? '', (page - 1) * perPage, perPage), this.installedProjects(server, target, sources)]);
      return { provider: source.id, page, per_page: perPage, total: result.total, has_more: result.hasMore, hits: result.hits.map((h) => hitJson(h, installed)) };
    } catch (error) {
      return catalogueFailure(error);
    }
  }

  async project(server: ServerRow, provider: ProviderId, project: string): Promise<ExtensionProjectJson> {
    const { target: maybe, sources } = await this.context(server);
    const target = needTarget(maybe);
    const source = sourceOf(sources, provider);
    try {
      const [p, installed] = await Promise.all([source.project(target, project), this.installedProjects(server, target, sources)]);
      return { hit: hitJson(p.hit, installed), body: p.body, versions: p.versions.map((v) => ({ id: v.id, number: v.number, published_at: v.publishedAt })) };
    } catch (error) {
      return catalogueFailure(error);
    }
  }

  /** The chosen release and the required dependencies not installed yet. */
  private async plan(server: ServerRow, body: { provider: ProviderId; project: string; version?: string }) {
    const { target: maybe, sources } = await this.context(server);
    const target = needTarget(maybe);
    const source = sourceOf(sources, body.provider);
    const installed = await this.installedProjects(server, target, sources);
    try {
      return { target, sources, source, ...(await resolveReleases(source, target, installed, body)) };
    } catch (error) {
      return catalogueFailure(error);
    }
  }

  /** What installing takes: the release and its missing dependencies. Nothing is changed. */
  async installPlan(server: ServerRow, body: { provider: ProviderId; project: string; version?: string }): Promise<InstallPlanJson> {
    const p = await this.plan(server, body);
    return { releases: p.releases.map(releaseJson), satisfied: p.satisfied };
  }

  private async lock<T>(server: ServerRow, run: () => Promise<T>): Promise<T> {
    if (this.busy.has(server.uuid)) throw new HttpError(409, 'Another install, update or removal is running on this server; try again in a moment.');
    this.busy.add(server.uuid);
    try {
      return await run();
    } finally {
      this.busy.delete(server.uuid);
    }
  }

  private place(server: ServerRow, source: ExtensionSource, target: ExtensionTarget, releases: Release[], replacing?: Map<string, string>): Promise<PlacedRelease[]> {
    return placeReleases(this.files(server), join(this.options.dataDir, 'extension-downloads', server.uuid), source, target, releases, replacing);
  }

  /** The installed entries of these file names, as the overview lists them. */
  private async listed(server: ServerRow, target: ExtensionTarget, sources: ExtensionSource[], placed: PlacedRelease[]): Promise<InstalledExtensionJson[]> {
    const names = placed.map((p) => p.placed.split('/').pop()!);
    const { items } = await listInstalled(this.recognition, server, this.files(server), target, sources, false);
    return items.filter((i) => names.includes(i.file));
  }

  async install(server: ServerRow, body: InstallRequest, actor: Actor): Promise<{ installed: InstalledExtensionJson[] }> {
    return this.lock(server, async () => {
      const p = await this.plan(server, body);
      const placed = await this.place(server, p.source, p.target, body.dependencies ? p.releases : [p.main]);
      await recordInstalled(this.db, server.id, placed);
      for (const f of placed) {
        await recordAudit(this.db, {
          actorId: actor.userId,
          serverUuid: server.uuid,
          event: 'server.extensions.install',
          ip: actor.ip,
          properties: {
            provider: f.release.provider,
            project: f.release.name,
            version: f.release.versionNumber,
            file: f.placed,
            dependency: f.release !== p.main,
            verified: f.release.checksum !== null,
          },
        });
      }
      return { installed: await this.listed(server, p.target, p.sources, placed) };
    });
  }

  /** An installed file by name, with the server's target and catalogues; 422 for a name that is no plugin or mod, 404 when it is not there. */
  private async installedItem(server: ServerRow, file: string) {
    if (!EXTENSION_FILE.test(file)) throw new ValidationError({ file: ['Not the name of a plugin or mod file.'] });
    const { target: maybe, sources } = await this.context(server);
    const target = needTarget(maybe);
    const { items, catalogueError } = await listInstalled(this.recognition, server, this.files(server), target, sources, false);
    const item = items.find((i) => i.file === file);
    if (!item) throw new HttpError(404, `${target.folder}/${file} not found.`);
    return { item, target, sources, catalogueError };
  }

  async update(server: ServerRow, file: string, actor: Actor): Promise<{ installed: InstalledExtensionJson[] }> {
    return this.lock(server, async () => {
      const { item, target, sources, catalogueError } = await this.installedItem(server, file);
      if (!item.recognised || !item.provider || !item.project_id)
        throw new ValidationError({ file: [catalogueError ? `${catalogueError} The update cannot be checked now.` : 'No catalogue knows this file, so it has no update.'] });
      const source = sourceOf(sources, item.provider);
      let newest: Release;
      try {
        newest = await source.release(target, item.project_id);
      } catch (error) {
        return catalogueFailure(error);
      }
      if (newest.versionId === item.version_id) throw new ValidationError({ file: [`${item.name} ${item.version_number ?? ''} is already the newest version.`] });
      const [placed] = await this.place(server, source, target, [newest], new Map([[newest.projectId, file]]));
      if (placed.placed !== `${target.folder}/${file}`) await this.files(server).remove(`${target.folder}/${file}`);
      await recordInstalled(this.db, server.id, [placed]);
      await forgetInstalled(this.db, server.id, item.sha512);
      await recordAudit(this.db, {
        actorId: actor.userId,
        serverUuid: server.uuid,
        event: 'server.extensions.update',
        ip: actor.ip,
        properties: { provider: item.provider, project: item.name, from: item.version_number, version: newest.versionNumber, file: placed.placed },
      });
      return { installed: await this.listed(server, target, sources, [placed]) };
    });
  }

  /** Enables or disables a file (renamed to or from `.disabled`; takes effect at the next start). */
  async toggle(server: ServerRow, file: string, enabled: boolean, actor: Actor): Promise<InstalledExtensionJson> {
    return this.lock(server, async () => {
      const { item, target } = await this.installedItem(server, file);
      if (item.enabled === enabled) return item;
      const to = enabled ? file.replace(/\.disabled$/, '') : `${file}.disabled`;
      const files = this.files(server);
      if (await files.stat(`${target.folder}/${to}`)) throw new HttpError(409, `${target.folder}/${to} is already there.`);
      await files.rename(`${target.folder}/${file}`, `${target.folder}/${to}`);
      await recordAudit(this.db, {
        actorId: actor.userId,
        serverUuid: server.uuid,
        event: enabled ? 'server.extensions.enable' : 'server.extensions.disable',
        ip: actor.ip,
        properties: { project: item.name, file: `${target.folder}/${to}` },
      });
      return { ...item, file: to, enabled };
    });
  }

  /** Removes a file (its configuration folder stays) and the panel's record of it. */
  async remove(server: ServerRow, file: string, actor: Actor): Promise<void> {
    await this.lock(server, async () => {
      const { item, target } = await this.installedItem(server, file);
      await this.files(server).remove(`${target.folder}/${file}`);
      await forgetInstalled(this.db, server.id, item.sha512);
      await recordAudit(this.db, {
        actorId: actor.userId,
        serverUuid: server.uuid,
        event: 'server.extensions.remove',
        ip: actor.ip,
        properties: { project: item.name, version: item.version_number, file: `${target.folder}/${file}` },
      });
    });
  }
}
