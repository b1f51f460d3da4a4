import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { ServerFiles } from '../../../runtime/files/ServerFiles';

/**
 * A zip in a server's files, read where yauzl asks through the file port's ranged reads: the
 * central directory first, then each entry's bytes. Every read walks the path again without
 * following links; what each read answers is checked as it is used (sizes, CRC-32, the rules
 * of ArchiveChecker), so an archive swapped between two reads is refused, never trusted.
 */
export class PortZipReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly files: ServerFiles,
    private readonly path: string,
  ) {
    super();
  }

  _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    if (end <= start) {
      out.end();
      return out;
    }
    this.files.readStream(this.path, { start, end: end - 1 }).then(
      ({ stream }) => {
        stream.on('error', (error) => out.destroy(error));
        out.on('close', () => stream.destroy());
        stream.pipe(out);
      },
      (error: Error) => out.destroy(error),
    );
    return out;
  }
}
