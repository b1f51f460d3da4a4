import { env } from '../../env';

/** sessionStorage key: the build the page last reloaded itself for (so it never reloads in a loop). */
export const RELOADED_FOR_BUILD_KEY = 'panel.reloadedForBuild';

/**
 * Whether an error is the failure to load a piece of the app's code: a lazy chunk that 404s after
 * a redeploy, or that cannot be fetched while offline (webpack's ChunkLoadError, or the browser's
 * own message for a failed dynamic import).
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /Loading (CSS )?chunk \S+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(error.message);
}

/** The build id of the page being shown: its `<meta name="build-id">`, else the one compiled in. */
export function runningBuildId(): string {
  const meta = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="build-id"]');
  return meta?.content || env.buildId;
}

/** The build id the panel serves now (read from a fresh index page), or null when it cannot be reached. */
export async function deployedBuildId(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetchImpl('/', { cache: 'no-store', headers: { Accept: 'text/html' }, credentials: 'same-origin' });
    if (!response.ok) return null;
    // Parsed as HTML, not matched as text: the built page is minified (its attributes unquoted).
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    return page.querySelector('meta[name="build-id"]')?.getAttribute('content') || null;
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Reloads the page for `buildId` unless this tab already did: returns whether it reloads. Without
 * sessionStorage nothing reloads by itself (the user still has the Reload button).
 */
export function reloadOnceForBuild(buildId: string, reload: () => void = () => window.location.reload()): boolean {
  const store = storage();
  if (!store || store.getItem(RELOADED_FOR_BUILD_KEY) === buildId) return false;
  store.setItem(RELOADED_FOR_BUILD_KEY, buildId);
  reload();
  return true;
}

/**
 * After a chunk failed to load: when the panel now serves another build than the one running,
 * reload at once, once per new build. Returns whether a reload was started.
 */
export async function reloadIfNewBuild(fetchImpl: typeof fetch = fetch, reload?: () => void): Promise<boolean> {
  const deployed = await deployedBuildId(fetchImpl);
  if (deployed === null || deployed === runningBuildId()) return false;
  return reloadOnceForBuild(deployed, reload);
}
