/**
 * The folder bench/backups backs up, built in a process of its own (node --import tsx
 * bench/backups/folder.ts <folder> <MiB>) so that its buffers are not part of the memory the
 * measuring process starts from: Minecraft-like region files (incompressible) plus many small
 * text files. Prints the bytes written.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MB = 1024 * 1024;

function buildFolder(root: string, totalMb: number): number {
  let bytes = 0;
  const regionMb = Math.round(totalMb * 0.7);
  // Region files: 4–12 MiB each of compressed chunk data (random: gzip cannot shrink it).
  mkdirSync(join(root, 'world/region'), { recursive: true });
  for (let i = 0; bytes < regionMb * MB; i++) {
    const size = (4 + (i % 9)) * MB;
    writeFileSync(join(root, 'world/region', `r.${i}.0.mca`), randomBytes(size));
    bytes += size;
  }
  // Many small files: player data, configs, logs (text, compressible), 2–30 KiB each.
  const line = 'player joined the game at x=123 y=64 z=-321 with 20 hearts and a diamond sword\n';
  for (let i = 0; bytes < totalMb * MB; i++) {
    const folder = join(root, 'plugins', `p${i % 50}`, `d${i % 20}`);
    if (i < 1000) mkdirSync(folder, { recursive: true });
    const size = 2048 + ((i * 7919) % 28) * 1024;
    writeFileSync(join(folder, `f${i}.yml`), line.repeat(Math.ceil(size / line.length)).slice(0, size));
    bytes += size;
  }
  return bytes;
}

const [root, totalMb] = process.argv.slice(2);
if (!root || !totalMb) throw new Error('usage: folder.ts <folder> <MiB>');
console.log(buildFolder(root, Number(totalMb)));
