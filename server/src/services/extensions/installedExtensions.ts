import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { ServerRow } from '../../db/schema';
import type { Catalogue } from '../../games/catalogue/Catalogue';
import { CatalogueNotFoundError, CatalogueUnavailableError } from '../../games/catalogue/types';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import type { InstalledExtensionJson, ProviderId } from '../../schemas/extensions';
import { scanExtensionFiles } from './extensionFiles';
import { recordsByHash } from './extensionRecords';
import type { ExtensionSource } from './sources';
import type { ExtensionTarget } from './target';

/** What recognising installed files takes: the panel's records, the catalogue, a log for catalogues that cannot be reached. */
export interface RecognitionDeps {
  db: Database;
  catalogue: Catalogue;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

interface Known {
  provider: ProviderId;
  projectId: string;
  name: string;
  versionId: string;
  versionNumber: string;
  iconUrl: string | null;
}

/** The overview still answers when a catalogue is down: its sentence for the page, the reason for the log. */
export function unreachable(log: RecognitionDeps['log'], error: CatalogueUnavailableError): string {
  log.warn({ err: error, provider: error.provider, url: error.url, reason: error.reason }, 'a catalogue could not be reached');
  return error.message;
}

/** Modrinth's lookup of version files by hash, for files the panel has no record of. */
async function lookUpByHash(deps: RecognitionDeps, sha512s: string[]): Promise<Map<string, Known>> {
  const found = new Map<string, Known>();
  if (sha512s.length === 0) return found;
  const versions = await deps.catalogue.modrinth.versionFilesByHashes(sha512s);
  const projects = new Map((await deps.catalogue.modrinth.projects(Object.values(versions).map((v) => v.projectId))).map((p) => [p.id, p]));
  for (const [hash, v] of Object.entries(versions)) {
    const p = projects.get(v.projectId);
    found.set(hash, { provider: 'modrinth', projectId: v.projectId, name: p?.title ?? v.name, versionId: v.id, versionNumber: v.versionNumber, iconUrl: p?.iconUrl ?? null });
  }
  return found;
}

/**
 * The installed plugins or mods: every jar in plugins/ or mods/ (disabled ones too), recognised
 * by the SHA-512 of its content: first the panel's record of what it installed, then Modrinth's
 * lookup of version files by hash for the rest. Updates come from each one's catalogue. A
 * catalogue that cannot be reached leaves the list as the files say, with `catalogueError`.
 */
export async function listInstalled(
  deps: RecognitionDeps,
  server: ServerRow,
  files: ServerFiles,
  target: ExtensionTarget,
  sources: ExtensionSource[],
  withUpdates: boolean,
): Promise<{ items: InstalledExtensionJson[]; catalogueError: string | null }> {
  const scanned = await scanExtensionFiles(server.uuid, files, target.folder);
  const rows = await recordsByHash(
    deps.db,
    server.id,
    scanned.map((s) => s.sha512),
  );
  const bySha = new Map(rows.map((r) => [r.sha512, r]));
  let catalogueError: string | null = null;
  let found = new Map<string, Known>();
  try {
    found = await lookUpByHash(
      deps,
      scanned.filter((s) => !bySha.has(s.sha512)).map((s) => s.sha512),
    );
  } catch (error) {
    if (!(error instanceof CatalogueUnavailableError)) throw error;
    catalogueError = unreachable(deps.log, error);
  }
  const items: InstalledExtensionJson[] = [];
  for (const s of scanned) {
    const row = bySha.get(s.sha512);
    const known: Known | null = row
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
        if (error instanceof CatalogueUnavailableError) catalogueError = unreachable(deps.log, error);
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

/** `provider:project` of every recognised installed file (empty when the files cannot be read now). */
export async function installedProjects(deps: RecognitionDeps, server: ServerRow, files: ServerFiles, target: ExtensionTarget, sources: ExtensionSource[]): Promise<Set<string>> {
  try {
    const { items } = await listInstalled(deps, server, files, target, sources, false);
    return new Set(items.filter((i) => i.provider).map((i) => `${i.provider}:${i.project_id}`));
  } catch {
    return new Set();
  }
}
