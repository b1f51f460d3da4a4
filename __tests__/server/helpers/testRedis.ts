import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { createServer } from 'node:net';
import { waitFor } from './waitFor';

const root = join(__dirname, '..', '..', '..');

/** A port that was free a moment ago on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real redis-server on loopback and a free port, in a temporary folder, nothing saved to disk.
 * Debian's redis-server is installed first when missing (scripts/ensure-package.sh).
 */
export async function startTestRedis(): Promise<TestRedis> {
  execFileSync('bash', [join(root, 'scripts', 'ensure-package.sh'), '/usr/bin/redis-server', 'redis-server'], { stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'panel-redis-'));
  const port = await freePort();
  const child: ChildProcess = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await waitFor(
      async () => {
        if (probe.status !== 'ready') await probe.connect().catch(() => probe.disconnect());
        return (await probe.ping()) === 'PONG';
      },
      { what: 'redis-server to answer', timeoutMs: 15_000, intervalMs: 100 },
    );
  } finally {
    probe.disconnect();
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
