import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { localEndpoints, publicEndpoints, type CatalogueEndpoints } from '../Catalogue';
import { RECORDINGS_DIR } from './catalogueServer';

/**
 * Refreshes the local catalogue's recordings from the live APIs (scripts/catalogue-record.ts).
 *
 * Every recorded answer is asked again at its API, and the answer is written back in the
 * recording's shape: the same entries (versions, builds, loaders: matched by their id), the same
 * fields, with the live values. What the tests need stays as it was: addresses point at the
 * local server (`{{BASE}}/<api>`), and the digests and sizes of the artefacts the local server
 * makes stay placeholders (`{{sha1:vanilla-1.21.4}}` ...), since the tests serve small real files
 * in place of the real jars. Mojang's version files move to the paths the live manifest names.
 */

/** Where live answers point for downloads, beside the APIs themselves; the local server's folder for each. */
export const publicDownloadHosts: Record<string, string> = {
  'https://piston-data.mojang.com': 'mojang-data',
  'https://github.com': 'github',
  'https://cdn.modrinth.com': 'modrinth-cdn',
};

export interface RecordOptions {
  /** The APIs to ask (the public ones by default). */
  endpoints?: CatalogueEndpoints;
  /** Download prefixes of the answers and the local folder each maps to. */
  downloadHosts?: Record<string, string>;
  /** The recordings to refresh, and where the refreshed ones go (the same folder by default). */
  from?: string;
  to?: string;
  fetchText?: (url: string) => Promise<string>;
  log?: (line: string) => void;
}

/** The local server's folder of each endpoint (see localEndpoints). */
const FOLDERS: Record<keyof CatalogueEndpoints, string> = {
  mojang: 'mojang',
  papermc: 'papermc',
  purpur: 'purpur',
  fabric: 'fabric',
  fabricMaven: 'fabric-maven',
  forge: 'forge',
  neoforge: 'neoforge',
  adoptium: 'adoptium',
  modrinth: 'modrinth',
  hangar: 'hangar',
  spiget: 'spiget',
  curseforge: 'curseforge',
};

const ARTEFACT_PLACEHOLDER = /\{\{(sha1|sha256|sha512|md5|size):[\w.\-+]+\}\}/;
const IDENTITY_KEYS = ['id', 'build', 'version', 'name'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** A recording as JSON: size placeholders stand unquoted in number positions, so they are quoted first. */
function parseRecording(text: string): Json {
  return JSON.parse(text.replace(/(?<!")(\{\{size:[\w.\-+]+\}\})/g, '"$1"')) as Json;
}

function printRecording(value: Json): string {
  return `${JSON.stringify(value, null, 2).replace(/"(\{\{size:[\w.\-+]+\}\})"/g, '$1')}\n`;
}

const identityOf = (item: Json): string | null => {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return null;
  const key = IDENTITY_KEYS.find((k) => typeof item[k] === 'string' || typeof item[k] === 'number');
  return key === undefined ? null : `${key}=${String(item[key])}`;
};

/** Whether a recorded value holds a placeholder for an artefact of the local server, at any depth. */
const holdsArtefact = (value: Json): boolean => ARTEFACT_PLACEHOLDER.test(JSON.stringify(value));

/** Every string or number that names an entry kept in `value` (array items and entry ids). */
function keptNames(value: Json, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'string' || typeof item === 'number') into.add(String(item));
      const identity = identityOf(item);
      if (identity) into.add(identity.split('=').slice(1).join('='));
      keptNames(item, into);
    }
  } else if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) keptNames(child, into);
  }
  return into;
}

/**
 * The live answer cut to the recording's shape: the recording's entries and fields, live values.
 * What describes an artefact the local server makes (an entry or object holding its digest) stays
 * as recorded, so its name, address and digest keep matching the file the tests are served.
 */
function trimLike(live: Json, recorded: Json): Json {
  if (typeof recorded === 'string' && ARTEFACT_PLACEHOLDER.test(recorded)) return recorded;
  const ownsArtefact = recorded !== null && typeof recorded === 'object' && !Array.isArray(recorded) && Object.values(recorded).some((v) => typeof v === 'string' && ARTEFACT_PLACEHOLDER.test(v));
  if (ownsArtefact) return recorded;
  if (Array.isArray(recorded)) {
    if (!Array.isArray(live)) return recorded;
    const wanted = recorded.map((item) => identityOf(item) ?? JSON.stringify(item));
    const out: Json[] = [];
    for (const key of wanted) {
      const liveItem = live.find((item) => (identityOf(item) ?? JSON.stringify(item)) === key);
      const recordedItem = recorded[wanted.indexOf(key)];
      // An entry the live API no longer lists, or one that describes a test artefact, stays as recorded.
      out.push(liveItem === undefined || holdsArtefact(recordedItem) ? recordedItem : trimLike(liveItem, recordedItem));
    }
    return out;
  }
  if (recorded !== null && typeof recorded === 'object') {
    if (live === null || typeof live !== 'object' || Array.isArray(live)) return recorded;
    const out: { [key: string]: Json } = {};
    for (const [key, value] of Object.entries(recorded)) out[key] = key in live ? trimLike(live[key], value) : value;
    return out;
  }
  return live;
}

/** Fixes values that name entries: a live "latest" outside the kept entries becomes the recorded one. */
function keepReferences(trimmed: Json, recorded: Json, names: Set<string>): Json {
  if (Array.isArray(trimmed)) return trimmed.map((item, i) => keepReferences(item, Array.isArray(recorded) ? recorded[i] : null, names));
  if (trimmed !== null && typeof trimmed === 'object') {
    const out: { [key: string]: Json } = {};
    const old = recorded !== null && typeof recorded === 'object' && !Array.isArray(recorded) ? recorded : {};
    for (const [key, value] of Object.entries(trimmed)) out[key] = keepReferences(value, old[key] ?? null, names);
    return out;
  }
  const oldName = typeof recorded === 'string' || typeof recorded === 'number' ? String(recorded) : null;
  if (oldName !== null && names.has(oldName) && !names.has(String(trimmed))) return recorded;
  return trimmed;
}

/** Maven metadata: the recorded versions, live timestamps; latest and release stay among them. */
function trimMaven(live: string, recorded: string): string {
  const versions = [...recorded.matchAll(/<version>([^<]+)<\/version>/g)].map((m) => m[1]);
  const liveVersions = new Set([...live.matchAll(/<version>([^<]+)<\/version>/g)].map((m) => m[1]));
  const lastUpdated = /<lastUpdated>([^<]+)<\/lastUpdated>/.exec(live)?.[1];
  let out = recorded;
  if (lastUpdated) out = out.replace(/<lastUpdated>[^<]+<\/lastUpdated>/, `<lastUpdated>${lastUpdated}</lastUpdated>`);
  const gone = versions.filter((v) => !liveVersions.has(v));
  return gone.length ? out.replace('</metadata>', `<!-- no longer listed live: ${gone.join(', ')} -->\n</metadata>`) : out;
}

export async function recordCatalogue(options: RecordOptions = {}): Promise<{ written: string[]; removed: string[] }> {
  const endpoints = options.endpoints ?? publicEndpoints;
  const from = options.from ?? RECORDINGS_DIR;
  const to = options.to ?? from;
  const log = options.log ?? (() => undefined);
  // CurseForge answers only with an API key: its recordings are refreshed when one is set.
  const curseforgeKey = process.env.PANEL_CURSEFORGE_API_KEY?.trim();
  const fetchText =
    options.fetchText ??
    (async (url: string) => {
      const key: Record<string, string> = curseforgeKey && url.startsWith(endpoints.curseforge) ? { 'x-api-key': curseforgeKey } : {};
      const response = await fetch(url, { headers: { 'user-agent': 'game-panel catalogue recorder', ...key }, signal: AbortSignal.timeout(30_000) });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response.text();
    });
  // Longest prefixes first: maven.neoforged.net/releases before a shorter one on the same host.
  const prefixes = [
    ...Object.entries(FOLDERS).map(([key, folder]) => [endpoints[key as keyof CatalogueEndpoints].replace(/\/+$/, ''), folder] as const),
    ...Object.entries(options.downloadHosts ?? publicDownloadHosts),
  ].sort((a, b) => b[0].length - a[0].length);
  const toLocal = (text: string) => prefixes.reduce((out, [prefix, folder]) => out.replaceAll(prefix, `{{BASE}}/${folder}`), text);
  const liveUrl = (file: string) => {
    const [folder, ...rest] = relative(from, file).split('/');
    const key = (Object.keys(FOLDERS) as (keyof CatalogueEndpoints)[]).find((k) => FOLDERS[k] === folder);
    if (!key) throw new Error(`No API for the recordings folder "${folder}".`);
    // The local server adds ".json" to paths without one; Mojang's own paths end in .json.
    const path = folder === 'mojang' ? rest.join('/') : rest.join('/').replace(/\.json$/, '');
    return `${endpoints[key].replace(/\/+$/, '')}/${path}`;
  };

  // Everything is asked first and written at the end: an API that fails midway leaves the
  // recordings as they were, never half refreshed.
  const outputs = new Map<string, string>();
  const stale: string[] = [];
  const write = (path: string, text: string) => void outputs.set(path, text);
  const skipCurseForge = endpoints.curseforge === publicEndpoints.curseforge && !curseforgeKey && !options.fetchText;
  if (skipCurseForge) log('CurseForge left as recorded: set PANEL_CURSEFORGE_API_KEY to refresh it.');
  const files = walk(from).filter((file) => !relative(from, file).startsWith('mojang/v1/packages/') && !(skipCurseForge && relative(from, file).startsWith('curseforge/')));
  for (const file of files) {
    const url = liveUrl(file);
    log(`GET ${url}`);
    const recordedText = readFileSync(file, 'utf8');
    const raw = await fetchText(url);
    const liveText = toLocal(raw);
    const target = join(to, relative(from, file));
    if (file.endsWith('.xml')) {
      write(target, trimMaven(liveText, recordedText));
      continue;
    }
    const recorded = parseRecording(recordedText);
    const trimmed = trimLike(JSON.parse(liveText) as Json, recorded);
    write(target, printRecording(keepReferences(trimmed, recorded, keptNames(trimmed))));

    // Mojang's version files: at the paths the live manifest gives, in the recorded files' shape.
    if (relative(from, file) === 'mojang/mc/game/version_manifest_v2.json') {
      const packages = walk(join(from, 'mojang/v1/packages'));
      const liveManifest = JSON.parse(raw) as { versions: { id: string; url: string }[] };
      for (const old of packages) {
        const id = old
          .split('/')
          .pop()!
          .replace(/\.json$/, '');
        const entry = liveManifest.versions.find((v) => v.id === id);
        if (!entry) continue;
        log(`GET ${entry.url}`);
        const recordedPackage = parseRecording(readFileSync(old, 'utf8'));
        const livePackage = JSON.parse(toLocal(await fetchText(entry.url))) as Json;
        const path = join(to, 'mojang', toLocal(entry.url).replace(/^\{\{BASE\}\}\/mojang\//, ''));
        write(path, printRecording(trimLike(livePackage, recordedPackage)));
        if (to === from && path !== old) stale.push(old);
      }
    }
  }
  for (const [path, text] of outputs) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  for (const path of stale) rmSync(path);
  return { written: [...outputs.keys()].map((path) => relative(to, path)), removed: stale.map((path) => relative(from, path)) };
}

/** For tests: the local catalogue's own addresses, as the recorder would meet them live. */
export function localRecordOptions(base: string): Pick<RecordOptions, 'endpoints' | 'downloadHosts'> {
  return { endpoints: localEndpoints(base), downloadHosts: { [`${base}/mojang-data`]: 'mojang-data', [`${base}/github`]: 'github', [`${base}/modrinth-cdn`]: 'modrinth-cdn' } };
}
