/** A tar archive of one regular file (ustar), owned by `uid`/`gid`: what the engine's archive API takes. */
export function singleFileTar(name: string, content: Buffer, options: { mode: number; uid: number; gid: number }): Buffer {
  if (Buffer.byteLength(name) > 99) throw new Error(`The file name ${name} is too long for this archive.`);
  const header = Buffer.alloc(512, 0);
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0') + '\0';
  header.write(name, 0, 'utf8');
  header.write(octal(options.mode & 0o7777, 8), 100, 'ascii');
  header.write(octal(options.uid, 8), 108, 'ascii');
  header.write(octal(options.gid, 8), 116, 'ascii');
  header.write(octal(content.length, 12), 124, 'ascii');
  header.write(octal(Math.floor(Date.now() / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii'); // the checksum counts its own field as spaces
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  const padding = Buffer.alloc((512 - (content.length % 512)) % 512, 0);
  return Buffer.concat([header, content, padding, Buffer.alloc(1024, 0)]);
}

/** The content of the first regular file of a tar archive (the engine's answer for one file), or null. */
export function firstFileOfTar(archive: Buffer): Buffer | null {
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) return null;
    const size = parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/, '').trim() || '0', 8);
    const type = String.fromCharCode(header[156] || 0x30);
    const start = offset + 512;
    if (type === '0') return archive.subarray(start, start + size);
    offset = start + Math.ceil(size / 512) * 512;
  }
  return null;
}
