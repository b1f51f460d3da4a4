import { CatalogueNotFoundError, CatalogueUnavailableError, DownloadRefusedError } from '../../games/catalogue/types';
import { HttpError, upstreamFailed, ValidationError } from '../../lib/errors';
import type { ExtensionHitJson, ProviderId, ReleaseJson } from '../../schemas/extensions';
import type { ExtensionSource, Hit, Release } from './sources';
import type { ExtensionTarget } from './target';

/** The target of a server that takes extensions; 409 for software that takes none. */
export function needTarget(target: ExtensionTarget | null): ExtensionTarget {
  if (!target) throw new HttpError(409, 'This server’s software takes no plugins or mods. Switch it to Paper, Purpur, Fabric, Forge or NeoForge on the versions page first.');
  return target;
}

/** The catalogue asked for (the first that fits when none is named); 422 on `provider` when it does not fit the server. */
export function sourceOf(sources: ExtensionSource[], id: ProviderId | undefined): ExtensionSource {
  const source = sources.find((s) => s.id === (id ?? sources[0]?.id));
  if (!source) throw new ValidationError({ provider: [`The ${id ?? ''} catalogue is not available for this server.`.replace('  ', ' ')] });
  return source;
}

/** A catalogue failure as an API answer: unreachable → 502 with a clear message; unknown → 422 on its field. */
export function catalogueFailure(error: unknown, field = 'project'): never {
  if (error instanceof CatalogueUnavailableError) throw upstreamFailed(`${error.message} Try again later; installed extensions are still listed.`, error);
  if (error instanceof CatalogueNotFoundError) throw new ValidationError({ [error.field === 'software' ? field : 'version']: [error.message] });
  if (error instanceof DownloadRefusedError) throw new ValidationError({ file: [error.message] });
  throw error;
}

export const hitJson = (h: Hit, installed: Set<string>): ExtensionHitJson => ({
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

export const releaseJson = (r: Release): ReleaseJson => ({
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
