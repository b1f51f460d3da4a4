import { ZipFile } from 'yazl';

/** A file the local catalogue serves in place of a real server jar, installer or runtime. */
export interface Artefact {
  name: string;
  /** Path under the local catalogue's base, given the artefact's digests. */
  path: string;
  bytes: Buffer;
  sha1: string;
  sha256: string;
  sha512: string;
  md5: string;
}

const MTIME = new Date('2025-01-01T00:00:00Z');

/** A real (small) jar: a zip with a manifest and a text file naming what it stands for. */
export function makeJar(label: string, mainClass?: string, entries: Record<string, string> = {}): Promise<Buffer> {
  const zip = new ZipFile();
  const manifest = `Manifest-Version: 1.0\r\nCreated-By: game-panel catalogue test\r\n${mainClass ? `Main-Class: ${mainClass}\r\n` : ''}\r\n`;
  zip.addBuffer(Buffer.from(manifest), 'META-INF/MANIFEST.MF', { mtime: MTIME });
  zip.addBuffer(Buffer.from(`${label}\n`), 'catalogue-test.txt', { mtime: MTIME });
  for (const [name, text] of Object.entries(entries)) zip.addBuffer(Buffer.from(text), name, { mtime: MTIME });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}
