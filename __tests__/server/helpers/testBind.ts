import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running BIND for tests: its port, the zone it serves and the TSIG key that may update it. */
export interface TestBind {
  port: number;
  zone: string;
  /** TSIG key as PANEL_DNS_TSIG_KEY takes it: `hmac-sha256:<name>:<base64 secret>`. */
  tsigKey: string;
  /** Environment for a panel that writes to this BIND (PANEL_DNS_*). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const root = join(__dirname, '..', '..', '..');

/** Makes sure named (bind9) and nsupdate/dig (bind9-dnsutils) are installed (fresh CI machines). */
export function ensureBindPackages(): void {
  for (const [file, pkg] of [
    ['/usr/sbin/named', 'bind9'],
    ['/usr/bin/nsupdate', 'bind9-dnsutils'],
  ]) {
    execFileSync('bash', [join(root, 'scripts', 'ensure-package.sh'), file, pkg], { stdio: 'inherit', timeout: 300_000 });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a real BIND on 127.0.0.1 and a free port, in its own temporary folder, serving `zone`
 * (default play.test) and accepting dynamic updates signed with a fresh TSIG key. It runs in the
 * foreground of a child process (`named -g`), as the current user (or `-u root` as root).
 */
export async function startTestBind(zone = 'play.test'): Promise<TestBind> {
  ensureBindPackages();
  const dir = mkdtempSync(join(tmpdir(), 'panel-bind-'));
  const secret = randomBytes(32).toString('base64');
  const keyName = 'panel-test-key';
  writeFileSync(
    join(dir, 'zone.db'),
    [`$TTL 60`, `@ IN SOA ns.${zone}. admin.${zone}. 1 60 60 600 60`, `@ IN NS ns.${zone}.`, `ns IN A 127.0.0.1`, ''].join('\n'),
  );
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
    const child: ChildProcess = spawn('/usr/sbin/named', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 15_000);
      const onData = (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('running')) {
          clearTimeout(timer);
          resolve(true);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
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
      env: { PANEL_DNS_ZONES: zone, PANEL_DNS_PROVIDER: 'rfc2136', PANEL_DNS_SERVER: `127.0.0.1:${port}`, PANEL_DNS_TSIG_KEY: tsigKey },
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
