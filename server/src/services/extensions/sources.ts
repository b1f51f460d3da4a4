import type { Catalogue } from '../../games/catalogue/Catalogue';
import type { CatalogueHttp } from '../../games/catalogue/CatalogueHttp';
import type { CurseForgeClient, CurseForgeMod } from '../../games/catalogue/providers/curseforge';
import { primaryFile, type ModrinthVersion } from '../../games/catalogue/providers/modrinth';
import { CatalogueNotFoundError, type Checksum } from '../../games/catalogue/types';
import type { ProviderId } from '../../schemas/extensions';
import type { ExtensionTarget } from './target';

/** One project in a catalogue's search. */
export interface Hit {
  provider: ProviderId;
  projectId: string;
  slug: string;
  name: string;
  description: string;
  author: string;
  iconUrl: string | null;
  downloads: number;
  pageUrl: string | null;
  externalUrl: string | null;
}

/** One file of one version, ready to install (or, with externalUrl, only to link to). */
export interface Release {
  provider: ProviderId;
  projectId: string;
  name: string;
  iconUrl: string | null;
  versionId: string;
  versionNumber: string;
  fileName: string;
  url: string | null;
  size: number | null;
  checksum: Checksum | null;
  externalUrl: string | null;
  publishedAt: string | null;
  /** Required dependencies, by project in the same catalogue. */
  requires: string[];
}

export interface SearchPage {
  total: number | null;
  hasMore: boolean;
  hits: Hit[];
}

/** A plugin or mod catalogue as the extensions area uses it. */
export interface ExtensionSource {
  readonly id: ProviderId;
  readonly name: string;
  readonly http: CatalogueHttp;
  fits(target: ExtensionTarget): boolean;
  search(target: ExtensionTarget, query: string, offset: number, limit: number): Promise<SearchPage>;
  project(target: ExtensionTarget, projectId: string): Promise<{ hit: Hit; body: string; versions: { id: string; number: string; publishedAt: string | null }[] }>;
  /** The version to install: `versionId`, or the newest that fits the server. */
  release(target: ExtensionTarget, projectId: string, versionId?: string): Promise<Release>;
}

const noFit = (name: string, target: ExtensionTarget) =>
  new CatalogueNotFoundError('version', `${name} has no version for ${target.softwareName}${target.gameVersion ? ` ${target.gameVersion}` : ''}.`);

function modrinthSource(catalogue: Catalogue): ExtensionSource {
  const m = catalogue.modrinth;
  const filter = (t: ExtensionTarget) => ({ loaders: t.loaders, gameVersions: t.gameVersion ? [t.gameVersion] : undefined });
  const site = catalogue.local ? null : 'https://modrinth.com';
  const toRelease = async (v: ModrinthVersion): Promise<Release> => {
    const project = await m.project(v.projectId);
    const file = primaryFile(v);
    if (!file) throw new CatalogueNotFoundError('version', `${project.title} ${v.versionNumber} has no file.`);
    const requires: string[] = [];
    for (const d of v.dependencies.filter((d) => d.type === 'required')) {
      if (d.projectId) requires.push(d.projectId);
      else if (d.versionId) requires.push((await m.version(d.versionId)).projectId);
    }
    return {
      provider: 'modrinth',
      projectId: v.projectId,
      name: project.title,
      iconUrl: project.iconUrl,
      versionId: v.id,
      versionNumber: v.versionNumber,
      fileName: file.filename,
      url: file.url,
      size: file.size,
      checksum: { algorithm: 'sha512', value: file.hashes.sha512 },
      externalUrl: null,
      publishedAt: v.datePublished,
      requires,
    };
  };
  return {
    id: 'modrinth',
    name: 'Modrinth',
    http: m.http,
    fits: () => true,
    async search(t, query, offset, limit) {
      const r = await m.search({ projectType: t.kind, query, ...filter(t), serverSide: t.kind === 'mod', offset, limit });
      return {
        total: r.total,
        hasMore: offset + r.hits.length < r.total,
        hits: r.hits.map((h) => ({
          provider: 'modrinth',
          projectId: h.id,
          slug: h.slug,
          name: h.title,
          description: h.description,
          author: h.author,
          iconUrl: h.iconUrl,
          downloads: h.downloads,
          pageUrl: site ? `${site}/${h.projectType}/${h.slug}` : null,
          externalUrl: null,
        })),
      };
    },
    async project(t, id) {
      const p = await m.project(id);
      const versions = await m.projectVersions(p.id, filter(t));
      return {
        hit: {
          provider: 'modrinth',
          projectId: p.id,
          slug: p.slug,
          name: p.title,
          description: p.description,
          author: '',
          iconUrl: p.iconUrl,
          downloads: p.downloads,
          pageUrl: site ? `${site}/${p.projectType}/${p.slug}` : null,
          externalUrl: null,
        },
        body: p.body,
        versions: versions.map((v) => ({ id: v.id, number: v.versionNumber, publishedAt: v.datePublished })),
      };
    },
    async release(t, projectId, versionId) {
      if (versionId) {
        const v = await m.version(versionId);
        const project = await m.project(projectId);
        if (v.projectId !== project.id) throw new CatalogueNotFoundError('version', `${versionId} is not a version of ${project.title}.`);
        if (!v.loaders.some((l) => t.loaders.includes(l))) throw new CatalogueNotFoundError('version', `${project.title} ${v.versionNumber} is not made for ${t.softwareName}.`);
        return toRelease(v);
      }
      const versions = await m.projectVersions(projectId, filter(t));
      const chosen = versions.find((v) => v.versionType === 'release') ?? versions[0];
      if (!chosen) throw noFit((await m.project(projectId)).title, t);
      return toRelease(chosen);
    },
  };
}

function hangarSource(catalogue: Catalogue): ExtensionSource {
  const h = catalogue.hangar;
  const site = catalogue.local ? null : 'https://hangar.papermc.io';
  const hitOf = (p: Awaited<ReturnType<typeof h.project>>): Hit => ({
    provider: 'hangar',
    projectId: p.namespace.slug,
    slug: p.namespace.slug,
    name: p.name,
    description: p.description,
    author: p.namespace.owner,
    iconUrl: p.avatarUrl,
    downloads: p.stats.downloads,
    pageUrl: site ? `${site}/${p.namespace.owner}/${p.namespace.slug}` : null,
    externalUrl: null,
  });
  return {
    id: 'hangar',
    name: 'Hangar',
    http: h.http,
    fits: (t) => t.hangarPlatform !== null,
    async search(t, query, offset, limit) {
      const r = await h.search({ query, platform: t.hangarPlatform!, gameVersion: t.gameVersion, offset, limit });
      return { total: r.total, hasMore: offset + r.projects.length < r.total, hits: r.projects.map(hitOf) };
    },
    async project(t, id) {
      const p = await h.project(id);
      const versions = await h.versions(p.namespace.slug, { platform: t.hangarPlatform!, gameVersion: t.gameVersion });
      return { hit: hitOf(p), body: p.description, versions: versions.map((v) => ({ id: v.name, number: v.name, publishedAt: v.createdAt })) };
    },
    async release(t, projectId, versionId) {
      const platform = t.hangarPlatform!;
      const p = await h.project(projectId);
      const versions = await h.versions(p.namespace.slug, { platform, gameVersion: t.gameVersion });
      const v = versionId ? versions.find((x) => x.name === versionId) : (versions.find((x) => x.channel.name === 'Release') ?? versions[0]);
      if (!v) throw versionId ? new CatalogueNotFoundError('version', `${p.name} has no version ${versionId} for ${t.softwareName}.`) : noFit(p.name, t);
      const d = v.downloads[platform];
      if (!d) throw noFit(p.name, t);
      return {
        provider: 'hangar',
        projectId: p.namespace.slug,
        name: p.name,
        iconUrl: p.avatarUrl,
        versionId: v.name,
        versionNumber: v.name,
        fileName: d.fileInfo?.name ?? `${p.name}-${v.name}.jar`,
        url: d.fileInfo ? d.downloadUrl : null,
        size: d.fileInfo?.sizeBytes ?? null,
        checksum: d.fileInfo ? { algorithm: 'sha256', value: d.fileInfo.sha256Hash } : null,
        externalUrl: d.fileInfo ? null : d.externalUrl,
        publishedAt: v.createdAt,
        requires: (v.pluginDependencies[platform] ?? []).filter((x) => x.required && !x.externalUrl).map((x) => x.name),
      };
    },
  };
}

function spigetSource(catalogue: Catalogue): ExtensionSource {
  const s = catalogue.spiget;
  const hitOf = (r: Awaited<ReturnType<typeof s.resource>>): Hit => ({
    provider: 'spiget',
    projectId: String(r.id),
    slug: String(r.id),
    name: r.name,
    description: r.tag,
    author: '',
    iconUrl: s.iconUrl(r),
    downloads: r.downloads,
    pageUrl: s.pageUrl(r),
    externalUrl: r.external || r.premium ? (r.file.externalUrl ?? s.pageUrl(r)) : null,
  });
  return {
    id: 'spiget',
    name: 'SpiGet',
    http: s.http,
    fits: (t) => t.spiget,
    async search(_t, query, offset, limit) {
      // SpiGet pages by number; offsets are multiples of the page size here.
      const list = await s.search({ query, page: Math.floor(offset / limit) + 1, size: limit });
      return { total: null, hasMore: list.length === limit, hits: list.map(hitOf) };
    },
    async project(_t, id) {
      const r = await s.resource(id);
      const latest = await s.latestVersion(r.id);
      return { hit: hitOf(r), body: r.tag, versions: [{ id: String(latest.id), number: latest.name, publishedAt: new Date(latest.releaseDate * 1000).toISOString() }] };
    },
    async release(_t, projectId, versionId) {
      const r = await s.resource(projectId);
      const latest = await s.latestVersion(r.id);
      // SpiGet downloads only a resource's latest version.
      if (versionId && versionId !== String(latest.id)) throw new CatalogueNotFoundError('version', `SpiGet only offers the latest version of ${r.name}.`);
      const hit = hitOf(r);
      const safe = r.name.replace(/[^\w.+-]+/g, '');
      return {
        provider: 'spiget',
        projectId: String(r.id),
        name: r.name,
        iconUrl: hit.iconUrl,
        versionId: String(latest.id),
        versionNumber: latest.name,
        fileName: `${safe || `resource-${r.id}`}-${latest.name.replace(/[^\w.+-]+/g, '')}.jar`,
        url: hit.externalUrl ? null : s.downloadUrl(r.id),
        size: null,
        checksum: null,
        externalUrl: hit.externalUrl,
        publishedAt: new Date(latest.releaseDate * 1000).toISOString(),
        requires: [],
      };
    },
  };
}

function curseforgeSource(catalogue: Catalogue, c: CurseForgeClient): ExtensionSource {
  const hitOf = (m: CurseForgeMod): Hit => ({
    provider: 'curseforge',
    projectId: String(m.id),
    slug: m.slug,
    name: m.name,
    description: m.summary,
    author: m.authors[0]?.name ?? '',
    iconUrl: m.logo?.thumbnailUrl ?? null,
    downloads: m.downloadCount,
    pageUrl: catalogue.local ? null : m.links.websiteUrl,
    externalUrl: m.allowModDistribution === false ? (m.links.websiteUrl ?? null) : null,
  });
  const filter = (t: ExtensionTarget) => ({ gameVersion: t.gameVersion, loaderType: t.curseforge.loaderType });
  return {
    id: 'curseforge',
    name: 'CurseForge',
    http: c.http,
    fits: () => true,
    async search(t, query, offset, limit) {
      const r = await c.search({ classId: t.curseforge.classId, query, ...filter(t), offset, limit });
      return { total: r.total, hasMore: offset + r.mods.length < r.total, hits: r.mods.map(hitOf) };
    },
    async project(t, id) {
      const m = await c.mod(id);
      const files = await c.files(m.id, filter(t));
      return { hit: hitOf(m), body: m.summary, versions: files.map((f) => ({ id: String(f.id), number: f.displayName, publishedAt: f.fileDate })) };
    },
    async release(t, projectId, versionId) {
      const m = await c.mod(projectId);
      const f = versionId ? await c.file(m.id, versionId) : ((await c.files(m.id, filter(t))).find((x) => x.releaseType === 1) ?? (await c.files(m.id, filter(t)))[0]);
      if (!f) throw noFit(m.name, t);
      const sha1 = f.hashes.find((h) => h.algo === 1)?.value ?? null;
      return {
        provider: 'curseforge',
        projectId: String(m.id),
        name: m.name,
        iconUrl: m.logo?.thumbnailUrl ?? null,
        versionId: String(f.id),
        versionNumber: f.displayName,
        fileName: f.fileName,
        url: f.downloadUrl,
        size: f.fileLength,
        checksum: sha1 ? { algorithm: 'sha1', value: sha1 } : null,
        externalUrl: f.downloadUrl ? null : (m.links.websiteUrl ?? `https://www.curseforge.com/minecraft/mc-mods/${m.slug}`),
        publishedAt: f.fileDate,
        requires: f.dependencies.filter((d) => d.relationType === 3).map((d) => String(d.modId)),
      };
    },
  };
}

/** The catalogues in the order the page offers them; CurseForge joins when the host set its key. */
export function extensionSources(catalogue: Catalogue): ExtensionSource[] {
  return [modrinthSource(catalogue), hangarSource(catalogue), spigetSource(catalogue), ...(catalogue.curseforge ? [curseforgeSource(catalogue, catalogue.curseforge)] : [])];
}
