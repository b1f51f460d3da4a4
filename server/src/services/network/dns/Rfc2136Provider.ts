import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DnsError, type DnsProvider, type DnsRecordSet } from './DnsProvider';

export interface Rfc2136Options {
  /** The primary name server's address and port. */
  server: string;
  port: number;
  /** TSIG key: algorithm, name and base64 secret (as in BIND's key statement). */
  key: { algorithm: string; name: string; secret: string };
  /** The nsupdate binary (Debian package bind9-dnsutils). */
  nsupdate?: string;
  /** Seconds nsupdate waits for the server. */
  timeoutSeconds?: number;
}

/**
 * RFC 2136 dynamic updates signed with TSIG, sent by BIND's own `nsupdate` (works with BIND,
 * PowerDNS and Knot). Each apply is one update message, so the server takes all of it or none.
 * The key goes to nsupdate in a private temporary key file, never on its command line.
 */
export class Rfc2136Provider implements DnsProvider {
  readonly kind = 'rfc2136' as const;

  constructor(private readonly options: Rfc2136Options) {}

  /** The nsupdate script for one change (exported for tests of its form). */
  script(zone: string, sets: DnsRecordSet[], ttl: number): string {
    const lines = [`server ${this.options.server} ${this.options.port}`, `zone ${zone}.`];
    for (const set of sets) {
      lines.push(`update delete ${set.name}. ${set.type}`);
      for (const value of set.values) lines.push(`update add ${set.name}. ${ttl} IN ${set.type} ${value}`);
    }
    lines.push('send', '');
    return lines.join('\n');
  }

  async apply(zone: string, sets: DnsRecordSet[], ttl: number): Promise<void> {
    if (sets.length === 0) return;
    const dir = await mkdtemp(join(tmpdir(), 'panel-nsupdate-'));
    try {
      const { algorithm, name, secret } = this.options.key;
      const keyFile = join(dir, 'tsig.key');
      await writeFile(keyFile, `key "${name}" {\n  algorithm ${algorithm};\n  secret "${secret}";\n};\n`, { mode: 0o600 });
      const timeout = String(this.options.timeoutSeconds ?? 10);
      // -v: TCP, so a server that is down is refused at once instead of after UDP retries.
      const result = await run(this.options.nsupdate ?? 'nsupdate', ['-v', '-t', timeout, '-k', keyFile], this.script(zone, sets, ttl));
      if (result.code !== 0) {
        const reason = result.output.trim().split('\n').filter(Boolean).slice(-2).join(' ') || `nsupdate exited with ${result.code}`;
        throw new DnsError(`The DNS server ${this.options.server}:${this.options.port} did not take the update: ${reason}`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

function run(command: string, args: string[], input: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(new DnsError(error.code === 'ENOENT' ? `${command} is not installed (Debian package bind9-dnsutils).` : `${command} failed: ${error.message}`)),
    );
    child.once('close', (code) => resolve({ code: code ?? 1, output }));
    // nsupdate may exit before it has read the update (a refused key, a bad option): the broken
    // pipe is not the failure to report, its exit code and output are (an unhandled error here
    // would end the panel).
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}
