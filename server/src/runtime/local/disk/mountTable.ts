import { promises as fs, readFileSync } from 'node:fs';

/** One line of /proc/self/mountinfo: where a file system is mounted and what it is. */
export interface MountEntry {
  mountPoint: string;
  fsType: string;
  /** The device or source (`/dev/loop3` for a loop-mounted image). */
  source: string;
}

/** The kernel writes space, tab, newline and backslash in paths as octal escapes. */
const unescape = (field: string) => field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));

/** Parses mountinfo's text (see proc(5)). */
export function parseMountInfo(text: string): MountEntry[] {
  const entries: MountEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    const fields = line.split(' ');
    const separator = fields.indexOf('-', 6);
    if (separator < 0 || fields.length < separator + 3) continue;
    entries.push({ mountPoint: unescape(fields[4]), fsType: fields[separator + 1], source: unescape(fields[separator + 2]) });
  }
  return entries;
}

/** The mounts of the panel's own mount namespace. */
export async function readMounts(): Promise<MountEntry[]> {
  return parseMountInfo(await fs.readFile('/proc/self/mountinfo', 'utf8'));
}

/** What is mounted at `path` (the last mount there wins, as the kernel shows it), or null. */
export async function mountAt(path: string): Promise<MountEntry | null> {
  const mounts = await readMounts();
  for (let i = mounts.length - 1; i >= 0; i--) if (mounts[i].mountPoint === path) return mounts[i];
  return null;
}

/** Mount points at or below `dir`, deepest first (the order they can be unmounted in). Synchronous, for exit hooks. */
export function mountPointsUnderSync(dir: string): string[] {
  const prefix = dir.endsWith('/') ? dir : `${dir}/`;
  return parseMountInfo(readFileSync('/proc/self/mountinfo', 'utf8'))
    .map((entry) => entry.mountPoint)
    .filter((point) => point === dir || point.startsWith(prefix))
    .sort((a, b) => b.length - a.length);
}
