import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseEncoding, compressAnswer, COMPRESS_MIN_BYTES, encodedAnswer } from '../../../server/src/lib/compressedAnswer';

describe('chooseEncoding', () => {
  it('prefers br, then gzip, as far as the client takes them', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('GZIP;Q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('br;q=0, *')).toBe('gzip');
  });

  it('answers plain bytes when nothing it makes is taken', () => {
    for (const header of [undefined, '', 'identity', 'deflate', 'gzip;q=0, br;q=0', 'br;q=0, gzip;q=0, *', '*;q=0', 'gzip;q=nonsense'])
      expect([header, chooseEncoding(header)]).toEqual([header, null]);
  });
});

describe('encodedAnswer', () => {
  // JSON-like text that compresses well, as a listing does.
  const large = Buffer.from(JSON.stringify(Array.from({ length: 4000 }, (_, i) => ({ name: `file-${i}.txt`, size: i, mode: '-rw-r--r--' }))));

  it('compresses large answers with the chosen encoding, losslessly', async () => {
    expect(large.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = await encodedAnswer(large, 'gzip, br');
    expect(br.encoding).toBe('br');
    expect(br.bytes.length).toBeLessThan(large.length / 5);
    expect(brotliDecompressSync(br.bytes).equals(large)).toBe(true);
    const gz = await encodedAnswer(large, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.bytes).equals(large)).toBe(true);
  });

  it('sends small answers and answers to clients without compression as they are', async () => {
    const small = Buffer.from('{"data":[]}');
    expect(await encodedAnswer(small, 'br')).toEqual({ bytes: small, encoding: null });
    const plain = await encodedAnswer(large, undefined);
    expect(plain.bytes).toBe(large);
    expect(plain.encoding).toBeNull();
  });

  it('compresses one answer once per encoding, however often it is sent', async () => {
    const body = Buffer.concat([large, randomBytes(16)]);
    const first = await compressAnswer(body, 'gzip');
    expect(await compressAnswer(body, 'gzip')).toBe(first);
    expect(await compressAnswer(Buffer.from(body), 'gzip')).not.toBe(first); // equal bytes, another answer
    expect(await compressAnswer(body, 'br')).not.toBe(first);
  });
});
