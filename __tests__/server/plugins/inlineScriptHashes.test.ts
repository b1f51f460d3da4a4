import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtPageScriptSources, inlineScriptHashes } from '../../../server/src/plugins/inlineScriptHashes';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline script hashes of the built page', () => {
  it('hashes each script without src, exactly as written, and skips the bundle’s files', () => {
    const html = '<script>one()</script><script defer src="/a.js"></script><SCRIPT type="text/javascript">\n two();\n</SCRIPT><script src=/b.js></script>';
    expect(inlineScriptHashes(html)).toEqual([sha('one()'), sha('\n two();\n')]);
    expect(inlineScriptHashes('<div>no script</div>')).toEqual([]);
  });

  it('follows a new build written under a running panel, and allows none without a page', () => {
    const dir = mkdtempSync(join(tmpdir(), 'panel-inline-hashes-'));
    const page = join(dir, 'index.html');
    let clock = 0;
    try {
      const sources = builtPageScriptSources(page, () => clock);
      expect(sources()).toBe('');
      writeFileSync(page, '<script>first()</script>');
      // Read at most once a second: within it, the last answer stands.
      clock += 500;
      expect(sources()).toBe('');
      clock += 1000;
      expect(sources()).toBe(sha('first()'));
      writeFileSync(page, '<script>second()</script><script>third()</script>');
      utimesSync(page, new Date(), new Date(Date.now() + 5000));
      clock += 1000;
      expect(sources()).toBe(`${sha('second()')} ${sha('third()')}`);
      rmSync(page);
      clock += 1000;
      expect(sources()).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
