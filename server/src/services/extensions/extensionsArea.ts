import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { serverExtensions, type ServerRow } from '../../db/schema';
import { CatalogueNotFoundError, CatalogueUnavailableError, DownloadRefusedError } from '../../games/catalogue/types';
import { HttpError, upstreamFailed, ValidationError } from '../../lib/errors';
import { loadServerContext } from '../servers/loadServerContext';
import type { ExtensionHitJson, ExtensionProjectJson, ExtensionSearchJson, ExtensionsOverviewJson, InstalledExtensionJson, InstallPlanJson, ProviderId, ReleaseJson } from '../../schemas/extensions';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../audit/audit';
import { currentSoftware } from '../versions/currentSoftware';
import { extensionSources, type ExtensionSource, type Hit, type Release } from './sources';
import { extensionTarget, type ExtensionTarget } from './target';

const FILE = /^[^/\\\0]+\.(jar|zip)(\.disabled)?$/;
const hashCache = new Map<string, { sha512: string; sha1: string }>();
const busy = new Set<string>();

async function context(app: FastifyInstance, server: ServerRow) {
  const { template } = await loadServerContext(app.db, server);
  const current = currentSoftware(server, template);
  const target = await extensionTarget(app.catalogue, current);
  const sources = extensionSources(app.catalogue).filter((s) => !target || s.fits(target));
  return { current, target, sources };
}

function needTarget(target: ExtensionTarget | null): ExtensionTarget {
  if (!target) throw new HttpError(409, 'This server’s software takes no plugins or mods. Switch it to Paper, Purpur, Fabric, Forge or NeoForge on the versions page first.');
  return target;
}

function sourceOf(sources: ExtensionSource[], id: ProviderId | undefined): ExtensionSource {
  const source = sources.find((s) => s.id === (id ?? sources[0]?.id));
  if (!source) throw new ValidationError({ provider: [`The ${id ?? ''} catalogue is not available for this server.`.replace('  ', ' ')] });
  return source;
}

/** A catalogue failure as an API answer: unreachable → 502 with a clear message; unknown → 422 on its field. */
function catalogueFailure(error: unknown, field = 'project'): never {
  if (error instanceof CatalogueUnavailableError) throw upstreamFailed(`${error.message} Try again later; installed extensions are still listed.`, error);
  if (error instanceof CatalogueNotFoundError) throw new ValidationError({ [error.field === 'software' ? field : 'version']: [error.message] });
  if (error instanceof DownloadRefusedError) throw new ValidationError({ file: [error.message] });
  throw error;
}

/** The overview still answers when a catalogue is down: its sentence for the page, the reason for the log. */
function unreachable(app: FastifyInstance, error: CatalogueUnavailableError): string {
  app.log.warn({ err: error, provider: error.provider, url: error.url, reason: error.reason }, 'a catalogue could not be reached');
  return error.message;
}

const hitJson = (h: Hit, installed: Set<string>): ExtensionHitJson => ({
  provider: h.provider,
  project_id: h.projectId,
  slug: h.slug,
  name: h.name,
  description: h.description,
  author: h.author,
  icon_url: h.iconUrl,
  downloads: h.downloads,
  page_url: h.pageUrl,
  external_url: h.externalUrl,
  installed: installed.has(`${h.provider}:${h.projectId}`),
});

const releaseJson = (r: Release): ReleaseJson => ({
  provider: r.provider,
  project_id: r.projectId,
  name: r.name,
  version_id: r.versionId,
  version_number: r.versionNumber,
  file_name: r.fileName,
  size: r.size,
  icon_url: r.iconUrl,
  external_url: r.externalUrl,
  verified: r.checksum !== null,
});

async function hashFile(app: FastifyInstance, server: ServerRow, path: string, size: number, mtime: number) {
  const key = `${server.uuid}/${path}/${size}/${mtime}`;
  const cached = hashCache.get(key);
  if (cached) return cached;
  const { handle } = await app.runtime.driver.files(server.uuid).openForRead(path);
  try {
    const sha512 = createHash('sha512');
    const sha1 = createHash('sha1');
    for await (const chunk of handle.createReadStream({ autoClose: false }) as AsyncIterable<Buffer>) {
      sha512.update(chunk);
      sha1.update(chunk);
    }
    const out = { sha512: sha512.digest('hex'), sha1: sha1.digest('hex') };
    // Keyed by name, size and modification time; dropped whole when it grows large.
    if (hashCache.size > 10_000) hashCache.clear();
    hashCache.set(key, out);
    return out;
  } finally {
    await handle.close();
  }
}

interface Scanned {
  file: string;
  enabled: boolean;
  size: number;
  sha512: string;
  sha1: string;
}

async function scan(app: FastifyInstance, server: ServerRow, folder: string): Promise<Scanned[]> {
  const files = app.runtime.driver.files(server.uuid);
  let names: string[];
  try {
    names = await files.inDir(folder, async (dir) => (await dir.readdirTypes()).filter((e) => e.isFile() && FILE.test(e.name)).map((e) => e.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const out: Scanned[] = [];
  for (const name of names.sort((a, b) => a.localeCompare(b))) {
    const stat = await files.stat(`${folder}/${name}`);
    if (!stat) continue;
    const { sha512, sha1 } = await hashFile(app, server, `${folder}/${name}`, stat.size, stat.mtimeMs);
    out.push({ file: name, enabled: !name.endsWith('.disabled'), size: stat.size, sha512, sha1 });
  }
  return out;
}

/**
 * The installed plugins or mods: every jar in plugins/ or mods/ (disabled ones too), recognised
 * by the SHA-512 of its content: first the panel's record of what it installed, then Modrinth's
 * lookup of version files by hash for the rest. Updates come from each one's catalogue. A
 * catalogue that cannot be reached leaves the list as the files say, with `catalogue_error`.
 */
async function installedList(app: FastifyInstance, server: ServerRow, target: ExtensionTarget, sources: ExtensionSource[], withUpdates: boolean) {
  const scanned = await scan(app, server, target.folder);
  const rows = scanned.length
    ? await app.db
        .select()
        .from(serverExtensions)
        .where(
          and(
            eq(serverExtensions.serverId, server.id),
            inArray(
              serverExtensions.sha512,
              scanned.map((s) => s.sha512),
            ),
          ),
        )
    : [];
  const bySha = new Map(rows.map((r) => [r.sha512, r]));
  let catalogueError: string | null = null;
  const unknown = scanned.filter((s) => !bySha.has(s.sha512));
  const found = new Map<string, { provider: ProviderId; projectId: string; name: string; versionId: string; versionNumber: string; iconUrl: string | null }>();
  if (unknown.length) {
    try {
      const versions = await app.catalogue.modrinth.versionFilesByHashes(unknown.map((s) => s.sha512));
      const projects = new Map((await app.catalogue.modrinth.projects(Object.values(versions).map((v) => v.projectId))).map((p) => [p.id, p]));
      for (const [hash, v] of Object.entries(versions)) {
        const p = projects.get(v.projectId);
        found.set(hash, { provider: 'modrinth', projectId: v.projectId, name: p?.title ?? v.name, versionId: v.id, versionNumber: v.versionNumber, iconUrl: p?.iconUrl ?? null });
      }
    } catch (error) {
      if (!(error instanceof CatalogueUnavailableError)) throw error;
      catalogueError = unreachable(app, error);
    }
  }
  const items: InstalledExtensionJson[] = [];
  for (const s of scanned) {
    const row = bySha.get(s.sha512);
    const known = row
      ? { provider: row.provider as ProviderId, projectId: row.projectId, name: row.projectName, versionId: row.versionId, versionNumber: row.versionNumber, iconUrl: row.iconUrl }
      : (found.get(s.sha512) ?? null);
    let update: InstalledExtensionJson['update'] = null;
    const source = known ? sources.find((x) => x.id === known.provider) : undefined;
    if (withUpdates && known && source && catalogueError === null) {
      try {
        const newest = await source.release(target, known.projectId);
        if (newest.versionId !== known.versionId && !newest.externalUrl) {
          update = { version_id: newest.versionId, version_number: newest.versionNumber };
        }
      } catch (error) {
        if (error instanceof CatalogueUnavailableError) catalogueError = unreachable(app, error);
        else if (!(error instanceof CatalogueNotFoundError)) throw error;
      }
    }
    items.push({
      file: s.file,
      enabled: s.enabled,
      size: s.size,
      sha512: s.sha512,
      recognised: known !== null,
      provider: known?.provider ?? null,
      project_id: known?.projectId ?? null,
      name: known?.name ?? s.file.replace(/\.disabled$/, '').replace(/\.(jar|zip)$/, ''),
      version_id: known?.versionId ?? null,
      version_number: known?.versionNumber ?? null,
      icon_url: known?.iconUrl ?? null,
      update,
    });
  }
  return { items, catalogueError };
}

export async function extensionsOverview(app: FastifyInstance, server: ServerRow): Promise<ExtensionsOverviewJson> {
  const { current, target, sources } = await context(app, server);
  const software = current ? { software: current.software, name: app.catalogue.software().find((s) => s.id === current.software)?.name ?? current.software, version: current.version } : null;
  if (!target) return { software, target: null, providers: [], installed: [], catalogue_error: null };
  const { items, catalogueError } = await installedList(app, server, target, sources, true);
  return {
    software,
    target: { software: target.software, software_name: target.softwareName, game_version: target.gameVersion, kind: target.kind, folder: target.folder, loaders: target.loaders },
    providers: sources.map((s) => ({ id: s.id, name: s.name })),
    installed: items,
    catalogue_error: catalogueError,
  };
}

export async function installedProjects(app: FastifyInstance, server: ServerRow, target: ExtensionTarget, sources: ExtensionSource[]): Promise<Set<string>> {
  try {
    const { items } = await installedList(app, server, target, sources, false);
    return new Set(items.filter((i) => i.provider).map((i) => `${i.provider}:${i.project_id}`));
  } catch {
    return new Set();
  }
}

export async function searchExtensions(app: FastifyInstance, server: ServerRow, q: { provider?: ProviderId; query?: string; page?: number; per_page?: number }): Promise<ExtensionSearchJson> {
  const { target: maybe, sources } = await context(app, server);
  const target = needTarget(maybe);
  const source = sourceOf(sources, q.provider);
  const page = q.page ?? 1;
  const perPage = q.per_page ?? 20;
  try {
    const [result, installed] = await Promise.all([source.search(target, q.query ?? '', (page - 1) * perPage, perPage), installedProjects(app, server, target, sources)]);
    return { provider: source.id, page, per_page: perPage, total: result.total, has_more: result.hasMore, hits: result.hits.map((h) => hitJson(h, installed)) };
  } catch (error) {
    return catalogueFailure(error);
  }
}

export async function extensionProject(app: FastifyInstance, server: ServerRow, provider: ProviderId, project: string): Promise<ExtensionProjectJson> {
  const { target: maybe, sources } = await context(app, server);
  const target = needTarget(maybe);
  const source = sourceOf(sources, provider);
  try {
    const [p, installed] = await Promise.all([source.project(target, project), installedProjects(app, server, target, sources)]);
    return { hit: hitJson(p.hit, installed), body: p.body, versions: p.versions.map((v) => ({ id: v.id, number: v.number, published_at: v.publishedAt })) };
  } catch (error) {
    return catalogueFailure(error);
  }
}

/** The chosen release and, after it, the required dependencies (transitively) not installed yet. */
async function plan(app: FastifyInstance, server: ServerRow, body: { provider: ProviderId; project: string; version?: string }) {
  const { target: maybe, sources } = await context(app, server);
  const target = needTarget(maybe);
  const source = sourceOf(sources, body.provider);
  const installed = await installedProjects(app, server, target, sources);
  try {
    const main = await source.release(target, body.project, body.version);
    if (main.externalUrl || !main.url)
      throw new ValidationError({ project: [`${main.name} is only offered as an outside download (${main.externalUrl ?? 'no file'}); download it there and upload it on the files page.`] });
    const releases: Release[] = [main];
    const satisfied: string[] = [];
    const seen = new Set([`${main.provider}:${main.projectId}`]);
    const queue = [...main.requires];
    while (queue.length && releases.length < 20) {
      const id = queue.shift()!;
      const dependency = await source.release(target, id);
      const key = `${dependency.provider}:${dependency.projectId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (installed.has(key)) {
        satisfied.push(dependency.name);
        continue;
      }
      releases.push(dependency);
      queue.push(...dependency.requires);
    }
    return { target, sources, source, main, releases, satisfied };
  } catch (error) {
    return catalogueFailure(error);
  }
}

export async function installPlan(app: FastifyInstance, server: ServerRow, body: { provider: ProviderId; project: string; version?: string }): Promise<InstallPlanJson> {
  const p = await plan(app, server, body);
  return { releases: p.releases.map(releaseJson), satisfied: p.satisfied };
}

function stagingDir(app: FastifyInstance, server: ServerRow) {
  return join(app.config.dataDir, 'extension-downloads', server.uuid, randomBytes(6).toString('hex'));
}

async function lock<T>(server: ServerRow, run: () => Promise<T>): Promise<T> {
  if (busy.has(server.uuid)) throw new HttpError(409, 'Another install, update or removal is running on this server; try again in a moment.');
  busy.add(server.uuid);
  try {
    return await run();
  } finally {
    busy.delete(server.uuid);
  }
}

/**
 * Downloads every release into a staging folder (each verified against its checksum, capped in
 * size, from the catalogue's own hosts), and only when all are verified moves them into the
 * server's folder. Any refusal removes everything of this install: nothing lands half done.
 */
async function downloadAndPlace(app: FastifyInstance, server: ServerRow, source: ExtensionSource, target: ExtensionTarget, releases: Release[], replacing: Map<string, string> = new Map()) {
  const staging = stagingDir(app, server);
  const files = app.runtime.driver.files(server.uuid);
  const placed: string[] = [];
  try {
    const fetched: { release: Release; path: string; sha512: string; name: string }[] = [];
    for (const release of releases) {
      if (!release.url) throw new ValidationError({ project: [`${release.name} is only offered as an outside download.`] });
      const name =
        FILE.test(release.fileName) && !release.fileName.endsWith('.disabled')
          ? release.fileName
          : `${release.projectId.replace(/[^\w.-]+/g, '')}-${release.versionNumber.replace(/[^\w.+-]+/g, '')}.jar`;
      const path = join(staging, name);
      // Only SpiGet publishes no checksums; from any other catalogue a file without one is refused.
      if (!release.checksum && release.provider !== 'spiget') throw new DownloadRefusedError(`${release.name} ${release.versionNumber} has no checksum to verify; the download was refused.`);
      if (release.checksum) await source.http.download(release.url, path, release.checksum);
      else await source.http.downloadUnchecked(release.url, path);
      const sha512 = createHash('sha512')
        .update(await fs.readFile(path))
        .digest('hex');
      fetched.push({ release, path, sha512, name });
    }
    for (const f of fetched) {
      const replaced = replacing.get(f.release.projectId);
      const finalName = replaced?.endsWith('.disabled') ? `${f.name}.disabled` : f.name;
      if (replaced !== finalName && ((await files.stat(`${target.folder}/${finalName}`)) || (await files.stat(`${target.folder}/${finalName}.disabled`)))) {
        throw new HttpError(409, `${target.folder}/${finalName} is already there; remove it first.`);
      }
      await files.writeStream(`${target.folder}/${finalName}`, createReadStream(f.path));
      placed.push(`${target.folder}/${finalName}`);
    }
    return fetched.map((f, i) => ({ ...f, placed: placed[i] }));
  } catch (error) {
    for (const path of placed) await files.remove(path).catch(() => undefined);
    if (error instanceof HttpError) throw error;
    return catalogueFailure(error);
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

export async function record(app: FastifyInstance, server: ServerRow, placed: { release: Release; sha512: string }[]) {
  for (const { release, sha512 } of placed) {
    await app.db
      .insert(serverExtensions)
      .values({
        serverId: server.id,
        sha512,
        provider: release.provider,
        projectId: release.projectId,
        projectName: release.name,
        versionId: release.versionId,
        versionNumber: release.versionNumber,
        iconUrl: release.iconUrl,
      })
      .onConflictDoUpdate({
        target: [serverExtensions.serverId, serverExtensions.sha512],
        set: {
          provider: release.provider,
          projectId: release.projectId,
          projectName: release.name,
          versionId: release.versionId,
          versionNumber: release.versionNumber,
          iconUrl: release.iconUrl,
          installedAt: new Date(),
        },
      });
  }
}

async function listed(app: FastifyInstance, server: ServerRow, target: ExtensionTarget, sources: ExtensionSource[], names: string[]) {
  const { items } = await installedList(app, server, target, sources, false);
  return items.filter((i) => names.includes(i.file));
}

export async function installExtension(app: FastifyInstance, server: ServerRow, body: { provider: ProviderId; project: string; version?: string; dependencies?: boolean }, actor: Actor) {
  return lock(server, async () => {
    const p = await plan(app, server, body);
    const releases = body.dependencies ? p.releases : [p.main];
    const placed = await downloadAndPlace(app, server, p.source, p.target, releases);
    await record(app, server, placed);
    for (const f of placed) {
      await recordAudit(app.db, {
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
    return {
      installed: await listed(
        app,
        server,
        p.target,
        p.sources,
        placed.map((f) => f.placed.split('/').pop()!),
      ),
    };
  });
}

async function installedItem(app: FastifyInstance, server: ServerRow, file: string) {
  if (!FILE.test(file)) throw new ValidationError({ file: ['Not the name of a plugin or mod file.'] });
  const { target: maybe, sources } = await context(app, server);
  const target = needTarget(maybe);
  const { items, catalogueError } = await installedList(app, server, target, sources, false);
  const item = items.find((i) => i.file === file);
  if (!item) throw new HttpError(404, `${target.folder}/${file} not found.`);
  return { item, target, sources, catalogueError };
}

export async function updateExtension(app: FastifyInstance, server: ServerRow, file: string, actor: Actor) {
  return lock(server, async () => {
    const { item, target, sources, catalogueError } = await installedItem(app, server, file);
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
    const [placed] = await downloadAndPlace(app, server, source, target, [newest], new Map([[newest.projectId, file]]));
    const files = app.runtime.driver.files(server.uuid);
    if (placed.placed !== `${target.folder}/${file}`) await files.remove(`${target.folder}/${file}`);
    await record(app, server, [placed]);
    await app.db.delete(serverExtensions).where(and(eq(serverExtensions.serverId, server.id), eq(serverExtensions.sha512, item.sha512)));
    await recordAudit(app.db, {
      actorId: actor.userId,
      serverUuid: server.uuid,
      event: 'server.extensions.update',
      ip: actor.ip,
      properties: { provider: item.provider, project: item.name, from: item.version_number, version: newest.versionNumber, file: placed.placed },
    });
    return { installed: await listed(app, server, target, sources, [placed.placed.split('/').pop()!]) };
  });
}

export async function toggleExtension(app: FastifyInstance, server: ServerRow, file: string, enabled: boolean, actor: Actor) {
  return lock(server, async () => {
    const { item, target } = await installedItem(app, server, file);
    if (item.enabled === enabled) return item;
    const to = enabled ? file.replace(/\.disabled$/, '') : `${file}.disabled`;
    const files = app.runtime.driver.files(server.uuid);
    if (await files.stat(`${target.folder}/${to}`)) throw new HttpError(409, `${target.folder}/${to} is already there.`);
    await files.inDir(target.folder, (dir) => dir.rename(file, dir, to));
    await recordAudit(app.db, {
      actorId: actor.userId,
      serverUuid: server.uuid,
      event: enabled ? 'server.extensions.enable' : 'server.extensions.disable',
      ip: actor.ip,
      properties: { project: item.name, file: `${target.folder}/${to}` },
    });
    return { ...item, file: to, enabled };
  });
}

export async function removeExtension(app: FastifyInstance, server: ServerRow, file: string, actor: Actor): Promise<void> {
  await lock(server, async () => {
    const { item, target } = await installedItem(app, server, file);
    await app.runtime.driver.files(server.uuid).remove(`${target.folder}/${file}`);
    await app.db.delete(serverExtensions).where(and(eq(serverExtensions.serverId, server.id), eq(serverExtensions.sha512, item.sha512)));
    await recordAudit(app.db, {
      actorId: actor.userId,
      serverUuid: server.uuid,
      event: 'server.extensions.remove',
      ip: actor.ip,
      properties: { project: item.name, version: item.version_number, file: `${target.folder}/${file}` },
    });
  });
}
