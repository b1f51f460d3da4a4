import { execFile, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { writeBaseFiles } from './hostNodeRootfs';

const run = promisify(execFile);

/** The Debian mirror apt already uses on this machine (the only archive a node may reach). */
export function debianMirror(): string {
  const sources = ['/etc/apt/sources.list', ...listSafe('/etc/apt/sources.list.d').map((f) => join('/etc/apt/sources.list.d', f))];
  for (const file of sources) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const oneLine = /^deb\s+(?:\[[^\]]*\]\s+)?(https?:\/\/\S+)\s+\S+\s+main/m.exec(text);
    if (oneLine && !oneLine[1].includes('security')) return oneLine[1];
    const deb822 = /^URIs:\s*(https?:\/\/\S+)/m.exec(text);
    if (deb822 && !deb822[1].includes('security')) return deb822[1];
  }
  return 'http://deb.debian.org/debian';
}

function listSafe(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

/**
 * A minimal Debian in `rootfs` (debootstrap's minbase variant) with `packages`, its apt lists
 * and caches left out, and the game's user and folder. Needs root and debootstrap; takes about two
 * minutes from the archive.
 */
export async function stageDebianRootfs(rootfs: string, suite: string, packages: string[], log: (line: string) => void): Promise<void> {
  await run('bash', [join(__dirname, '../../../../../scripts/ensure-package.sh'), '/usr/sbin/debootstrap', 'debootstrap'], { timeout: 300_000 });
  const args = ['--variant=minbase', `--include=${packages.join(',')}`, suite, rootfs, debianMirror()];
  await new Promise<void>((resolve, reject) => {
    // The panel's own umask (077) would leave the distribution's folders closed to the game's user.
    const child = spawn('/bin/sh', ['-c', 'umask 022 && exec /usr/sbin/debootstrap "$@"', 'debootstrap', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const onData = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
      for (const line of chunk.toString().split('\n')) if (/^I: (Retrieving|Validating|Extracting|Unpacking|Installing|Configuring) /.test(line) === false && line.trim()) log(line.trim());
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`debootstrap failed (exit ${code}): ${tail.trim().split('\n').slice(-5).join(' | ')}`))));
  });
  await run('rm', ['-rf', join(rootfs, 'var/cache/apt/archives'), join(rootfs, 'var/lib/apt/lists')]);
  await writeBaseFiles(rootfs);
}
