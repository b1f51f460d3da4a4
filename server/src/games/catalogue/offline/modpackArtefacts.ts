import { createHash } from 'node:crypto';
import { ZipFile } from 'yazl';
import { makeJar, type Artefact } from './jarArtefact';

const MTIME = new Date('2025-01-01T00:00:00Z');
const digest = (algorithm: string, bytes: Buffer) => createHash(algorithm).update(bytes).digest('hex');

/** The mod jars test modpacks name: fifty small mods, a client-only one and a big one (over a small cap). */
export const MODPACK_MOD_COUNT = 50;

/** Where the local catalogue serves a test mod (the pack's index names https://cdn.modrinth.com/<this>). */
export const modPath = (name: string) => `data/mptest00/versions/v1/${name}.jar`;

/** The recorded Modrinth modpack (Fabulously Optimized, 1KVo5zza): its versions' .mrpack files, made at start from the recorded mods. */
export const RECORDED_PACK_VERSIONS = [
  { id: 'yZ4W7Uk8', number: '6.4.0', file: 'Fabulously.Optimized-6.4.0.mrpack' },
  { id: 'Tg1pXl3N', number: '6.5.0', file: 'Fabulously.Optimized-6.5.0.mrpack' },
];

/**
 * Every file test modpacks refer to, served by the local catalogue under modrinth-cdn/: small
 * mod jars, and the .mrpack files of the recorded modpack versions (real zips built here from
 * the recorded mods `existing` holds, with their real Modrinth addresses).
 */
export async function modpackArtefacts(existing: Artefact[] = []): Promise<Artefact[]> {
  const out: Artefact[] = [];
  const add = (name: string, bytes: Buffer) => {
    out.push({
      name,
      bytes,
      sha1: digest('sha1', bytes),
      sha256: digest('sha256', bytes),
      sha512: digest('sha512', bytes),
      md5: digest('md5', bytes),
      path: `modrinth-cdn/${modPath(name)}`,
    } as Artefact);
  };
  for (let i = 1; i <= MODPACK_MOD_COUNT; i++) {
    const id = `testmod${String(i).padStart(2, '0')}`;
    add(`modpack-${id}`, await makeJar(`Test mod ${id}`));
  }
  add('modpack-clientmod', await makeJar('A client-only test mod'));
  // Not compressible: 96 KiB of hashed bytes, over the cap a test sets.
  const big: Buffer[] = [];
  for (let i = 0; big.length * 64 < 96 * 1024; i++) big.push(createHash('sha512').update(String(i)).digest());
  add('modpack-bigmod', Buffer.concat(big));
  const recorded = (name: string) => existing.find((a) => a.name === name);
  const fabricApi = recorded('modrinth-fabric-api-0.114.0');
  const lithium = recorded('modrinth-lithium-0.14.3');
  const modmenu = recorded('modrinth-modmenu-13.0.0');
  if (fabricApi && lithium && modmenu) {
    const cdnFile = (a: Artefact) => `https://cdn.modrinth.com/${a.path.replace(/^modrinth-cdn\//, '')}`;
    const mods = (withClient: boolean): TestPackFile[] => [
      { path: `mods/${fabricApi.path.split('/').pop()}`, bytes: fabricApi.bytes, downloads: [cdnFile(fabricApi)] },
      { path: `mods/${lithium.path.split('/').pop()}`, bytes: lithium.bytes, downloads: [cdnFile(lithium)] },
      ...(withClient ? [{ path: `mods/${modmenu.path.split('/').pop()}`, bytes: modmenu.bytes, downloads: [cdnFile(modmenu)], env: { client: 'required', server: 'unsupported' } }] : []),
    ];
    for (const [i, v] of RECORDED_PACK_VERSIONS.entries()) {
      const bytes = await buildMrpack({
        name: 'Fabulously Optimized',
        versionId: v.number,
        dependencies: { minecraft: '1.21.4', 'fabric-loader': '0.16.10' },
        files: mods(i > 0),
        entries: { 'overrides/config/fabulously-optimized.txt': `Fabulously Optimized ${v.number}\n`, 'client-overrides/options.txt': 'graphicsMode:1\n' },
      });
      out.push({
        name: `modpack-fo-${v.number}`,
        bytes,
        sha1: digest('sha1', bytes),
        sha256: digest('sha256', bytes),
        sha512: digest('sha512', bytes),
        md5: digest('md5', bytes),
        path: `modrinth-cdn/data/1KVo5zza/versions/${v.id}/${v.file}`,
      } as Artefact);
    }
  }
  return out;
}

/** One file of a test pack's index, from an artefact (its digests) and where it goes. */
export interface TestPackFile {
  path: string;
  bytes: Buffer;
  downloads: string[];
  env?: { client: string; server: string };
  /** Hashes to write instead of the artefact's (a tampered index). */
  sha512?: string;
  /** Size to declare instead of the real one (a pack that lies about a file). */
  fileSize?: number;
}

export interface TestPackSpec {
  name?: string;
  versionId?: string;
  dependencies?: Record<string, string>;
  files?: TestPackFile[];
  /** Entries of the zip besides the index: overrides/..., server-overrides/..., client-overrides/... (or anything). */
  entries?: Record<string, string | Buffer>;
  /** Zip entries written as symbolic links (name → target). */
  links?: Record<string, string>;
  /** Replaces the index text entirely. */
  rawIndex?: string;
}

/** A real .mrpack (zip with modrinth.index.json and overrides) built from a spec, as Modrinth packs are. */
export function buildMrpack(spec: TestPackSpec): Promise<Buffer> {
  const index = {
    formatVersion: 1,
    game: 'minecraft',
    versionId: spec.versionId ?? '1.0.0',
    name: spec.name ?? 'Test pack',
    summary: 'A modpack made for tests',
    files: (spec.files ?? []).map((f) => ({
      path: f.path,
      hashes: { sha1: digest('sha1', f.bytes), sha512: f.sha512 ?? digest('sha512', f.bytes) },
      env: f.env ?? { client: 'required', server: 'required' },
      downloads: f.downloads,
      fileSize: f.fileSize ?? f.bytes.length,
    })),
    dependencies: spec.dependencies ?? { minecraft: '1.21.4' },
  };
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(spec.rawIndex ?? JSON.stringify(index, null, 2)), 'modrinth.index.json', { mtime: MTIME });
  for (const [name, content] of Object.entries(spec.entries ?? {})) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, { mtime: MTIME });
  for (const [name, target] of Object.entries(spec.links ?? {})) zip.addBuffer(Buffer.from(target), name, { mtime: MTIME, mode: 0o120777 });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Renames zip entries in place, names of equal length (`@@` → `..`): a zip-slip pack that zip writers refuse to make. */
export function renameEntries(zip: Buffer, from: string, to: string): Buffer {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error('Names must keep their length.');
  const out = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let at = out.indexOf(needle); at !== -1; at = out.indexOf(needle, at + 1)) out.write(to, at);
  return out;
}

/** The index entries of the fifty test mods (mods/testmodNN.jar), from the local catalogue's artefacts. */
export function testModFiles(artefacts: Map<string, Artefact>, count = MODPACK_MOD_COUNT): TestPackFile[] {
  return Array.from({ length: count }, (_, i) => {
    const id = `testmod${String(i + 1).padStart(2, '0')}`;
    return { path: `mods/${id}.jar`, bytes: artefacts.get(`modpack-${id}`)!.bytes, downloads: [`https://cdn.modrinth.com/${modPath(`modpack-${id}`)}`] };
  });
}
