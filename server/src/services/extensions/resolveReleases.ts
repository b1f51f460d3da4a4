import { ValidationError } from '../../lib/errors';
import type { ExtensionSource, Release } from './sources';
import type { ExtensionTarget } from './target';

/** At most this many releases in one install (the chosen one and its dependencies). */
const MAX_RELEASES = 20;

/**
 * The chosen release and, after it, its required dependencies (transitively, in the same
 * catalogue) that are not installed yet; `satisfied` names the ones already installed. A release
 * only offered as an outside download → 422. Catalogue errors are thrown as they come.
 */
export async function resolveReleases(
  source: ExtensionSource,
  target: ExtensionTarget,
  installed: Set<string>,
  wanted: { project: string; version?: string },
): Promise<{ main: Release; releases: Release[]; satisfied: string[] }> {
  const main = await source.release(target, wanted.project, wanted.version);
  if (main.externalUrl || !main.url)
    throw new ValidationError({ project: [`${main.name} is only offered as an outside download (${main.externalUrl ?? 'no file'}); download it there and upload it on the files page.`] });
  const releases: Release[] = [main];
  const satisfied: string[] = [];
  const seen = new Set([`${main.provider}:${main.projectId}`]);
  const queue = [...main.requires];
  while (queue.length && releases.length < MAX_RELEASES) {
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
  return { main, releases, satisfied };
}
