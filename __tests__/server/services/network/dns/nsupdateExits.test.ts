import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rfc2136Provider } from '../../../../../server/src/services/network/dns/Rfc2136Provider';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nsupdate-stand-in-'));
  // An nsupdate that refuses at once, without reading the update it is given.
  writeFileSync(join(dir, 'nsupdate'), '#!/bin/sh\necho "; TSIG error with server: tsig indicates error" >&2\nexit 2\n');
  chmodSync(join(dir, 'nsupdate'), 0o755);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('nsupdate that exits before reading its input', () => {
  it('fails the update with its reason instead of ending the panel on the broken pipe', async () => {
    const provider = new Rfc2136Provider({ server: '127.0.0.1', port: 53, key: { algorithm: 'hmac-sha256', name: 'k', secret: 'c2VjcmV0' }, nsupdate: join(dir, 'nsupdate') });
    // More than a pipe holds: the write is still under way when the process has gone.
    const values = Array.from({ length: 20_000 }, (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    for (let round = 0; round < 3; round += 1) {
      await expect(provider.apply('play.example.com', [{ name: 'survival.play.example.com', type: 'A', values }], 300)).rejects.toThrow(/did not take the update: .*tsig indicates error/);
    }
  });
});
