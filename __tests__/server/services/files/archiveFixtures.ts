import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { ZipFile } from 'yazl';

/** One entry of a hand-made tar: type '0' file, '5' folder, '2' symlink, '1' hard link, '3' device. */
export interface TarEntry {
  name: string;
  content?: Buffer | string;
  type?: '0' | '1' | '2' | '3' | '5';
  linkname?: string;
  /** Declared size, when it should differ from the content (damaged archives). */
  size?: number;
}

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

/**
 * A ustar archive written byte by byte, so names no archiver would write (`../x`, `/etc/x`) and
 * entry types such as links can be put in on purpose.
 */
export function tarArchive(entries: TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const content = Buffer.from(entry.content ?? '');
    const header = Buffer.alloc(512);
    header.write(entry.name, 0, 100, 'utf8');
    header.write(octal(entry.type === '5' ? 0o755 : 0o644, 8), 100);
    header.write(octal(0, 8), 108);
    header.write(octal(0, 8), 116);
    header.write(octal(entry.size ?? content.length, 12), 124);
    header.write(octal(1_700_000_000, 12), 136);
    header.write('        ', 148);
    header.write(entry.type ?? '0', 156);
    header.write(entry.linkname ?? '', 157, 100, 'utf8');
    header.write('ustar\u000000', 257, 'latin1');
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(octal(sum, 7), 148);
    blocks.push(header, content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

export const tarGz = (entries: TarEntry[]): Buffer => gzipSync(tarArchive(entries));

/** A zip made with yazl; `mode` sets the Unix mode (0o120777 makes a symlink entry). */
export function zipArchive(entries: Array<{ name: string; content?: Buffer | string; mode?: number; compress?: boolean }>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const entry of entries) {
    if (entry.name.endsWith('/')) zip.addEmptyDirectory(entry.name);
    else zip.addBuffer(Buffer.from(entry.content ?? ''), entry.name, { mode: entry.mode ?? 0o100644, compress: entry.compress ?? true });
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Replaces every occurrence of `from` by `to` (same length) in both the local and central headers. */
export function renameInZip(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('names must keep their length');
  const out = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let at = out.indexOf(needle); at !== -1; at = out.indexOf(needle, at + 1)) out.write(to, at, 'latin1');
  return out;
}

/**
 * A zip of one deflated entry written byte by byte, whose local header and central directory
 * both declare `declaredSize` as its uncompressed size whatever `content` really inflates to
 * (a "deflate bomb" that lies about its size). The CRC-32 is the real one.
 */
export function zipDeclaringSize(name: string, content: Buffer, declaredSize: number): Buffer {
  const data = deflateRawSync(content);
  const fileName = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  central.writeUInt32LE(0, 42); // local header offset
  const centralStart = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralStart, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/**
 * The zip with the uncompressed size of the entry `name` changed to `declaredSize` in both its
 * central directory record and its local header (a zip that lies about one entry's size).
 */
export function declareEntrySize(zip: Buffer, name: string, declaredSize: number): Buffer {
  const out = Buffer.from(zip);
  const end = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = out.readUInt32LE(end + 16);
  for (let i = 0; i < out.readUInt16LE(end + 10); i += 1) {
    const nameLength = out.readUInt16LE(at + 28);
    const entryName = out.toString('utf8', at + 46, at + 46 + nameLength);
    if (entryName === name) {
      out.writeUInt32LE(declaredSize, at + 24);
      out.writeUInt32LE(declaredSize, out.readUInt32LE(at + 42) + 22);
      return out;
    }
    at += 46 + nameLength + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
  }
  throw new Error(`no entry ${name}`);
}
