/**
 * A real BIND for tests and e2e runs: named on 127.0.0.1 and a free port, in its own temporary
 * folder, serving one zone that accepts dynamic updates signed with a fresh TSIG key. Debian's
 * bind9 and bind9-dnsutils are installed by scripts/ensure-package.sh when missing.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Tests and e2e/run.mjs run from the project's folder (Jest transpiles this file, without import.meta).
const root = process.cwd();

/** Makes sure named (bind9) and nsupdate/dig (bind9-dnsutils) are installed. */
export function ensureBindPackages() {
  for (const [file, pkg] of [
    ['/usr/sbin/named', 'bind9'],
    ['/usr/bin/nsupdate', 'bind9-dnsutils'],
  ]) {
    execFileSync('bash', [join(root, 'scripts', 'ensure-package.sh'), file, pkg], { stdio: 'inherit', timeout: 300_000 });
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts named in the foreground (`named -g`), as the current user (`-u root` when root). */
export async function startTestBind(zone = 'play.test') {
  ensureBindPackages();
  const dir = mkdtempSync(join(tmpdir(), 'panel-bind-'));
  const secret = randomBytes(32).toString('base64');
  const keyName = 'panel-test-key';
  writeFileSync(join(dir, 'zone.db'), [`$TTL 60`, `@ IN SOA ns.${zone}. admin.${zone}. 1 60 60 600 60`, `@ IN NS ns.${zone}.`, `ns IN A 127.0.0.1`, ''].join('\n'));
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    writeFileSync(
      join(dir, 'named.conf'),
      `key "${keyName}" { algorithm hmac-sha256; secret "${secret}"; };
options {
  directory "${dir}";
  pid-file "${dir}/named.pid";
  listen-on port ${port} { 127.0.0.1; };
  listen-on-v6 { none; };
  recursion no;
  dnssec-validation no;
  allow-query { any; };
};
controls { };
zone "${zone}" { type primary; file "${dir}/zone.db"; allow-update { key "${keyName}"; }; };
`,
    );
    const args = ['-g', '-c', join(dir, 'named.conf'), '-p', String(port), '-n', '1'];
    if (process.getuid?.() === 0) args.push('-u', 'root');
    const child = spawn('/usr/sbin/named', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    const ready = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), 15_000);
      const onData = (chunk) => {
        log += chunk.toString();
        if (log.includes('running')) {
          clearTimeout(timer);
          resolve(true);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (!ready) {
      child.kill('SIGKILL');
      if (attempt < 3 && /address in use/i.test(log)) continue;
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`named did not start:\n${log}`);
    }
    const tsigKey = `hmac-sha256:${keyName}:${secret}`;
    return {
      port,
      zone,
      tsigKey,
      env: { PANEL_DNS_ZONES: zone, PANEL_DNS_PROVIDER: 'rfc2136', PANEL_DNS_SERVER: `127.0.0.1:${port}`, PANEL_DNS_TSIG_KEY: tsigKey, PANEL_DNS_TTL: '5' },
      async stop() {
        if (child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
          if (child.exitCode === null) child.kill('SIGKILL');
        }
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
}
