/**
 * bench/sandbox's measurement (run by run.mjs with tsx): two local drivers side by side, one
 * running games in their sandbox (bubblewrap + cgroup), one running them as plain child
 * processes (the PANEL_UNSAFE_NO_SANDBOX path, no cgroup), each on a temporary data dir. In
 * alternating rounds it measures
 *   - the embedded Minecraft server (flying-squid template): from the start call to its "Done"
 *     line (the driver's running state), and
 *   - console throughput: lines per second the driver delivers from bench/console's flood game.
 * Prints one JSON line with the medians.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDriver, localDriverDefaults } from '../../server/src/runtime/local/LocalDriver';
import { findTemplate } from '../../server/src/games/templates';
import { buildServerSpec } from '../../server/src/runtime/buildServerSpec';
import type { TemplateDefinition } from '../../server/src/games/templates/TemplateDefinition';
import type { ServerSpec } from '../../server/src/runtime/types';
import { floodTemplate } from '../console/floodTemplate';

const rounds = Number(process.env.BENCH_SANDBOX_ROUNDS ?? 3);
const floodSeconds = Number(process.env.BENCH_SANDBOX_FLOOD_SECONDS ?? 4);
// All of the machine's CPU: the comparison is about the sandbox, not about a CPU quota.
const limits = { memoryMb: 1024, cpuPercent: 100 * 64, diskMb: 10_240 };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

class Side {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'bench-sandbox-'));
  readonly driver: LocalDriver;
  readonly startMs: number[] = [];
  readonly linesPerSecond: number[] = [];

  constructor(readonly sandboxed: boolean) {
    this.driver = new LocalDriver({ ...localDriverDefaults, dataDir: this.dataDir, sandboxOff: !sandboxed, unsafeNoSandbox: !sandboxed, hostFirewall: false });
  }

  async spec(template: TemplateDefinition): Promise<ServerSpec> {
    const uuid = randomUUID();
    const paths = this.driver.gamePaths(uuid);
    const spec = buildServerSpec({
      uuid,
      template,
      variables: {},
      limits,
      primary: { ip: '127.0.0.1', port: await freePort() },
      extraPorts: {},
      root: paths.root,
      node: paths.node,
      launchers: paths.launchers,
    });
    await this.driver.create(spec);
    await this.driver.install(spec);
    return spec;
  }

  /** Resolves once the server is in `state`. */
  when(uuid: string, state: string): Promise<void> {
    return new Promise((resolve) => {
      const listener = (id: string, now: string) => {
        if (id !== uuid || now !== state) return;
        this.driver.off('state', listener);
        resolve();
      };
      this.driver.on('state', listener);
    });
  }

  async startTime(): Promise<void> {
    const spec = await this.spec(findTemplate('minecraft-flying-squid')!);
    const running = this.when(spec.uuid, 'running');
    const started = performance.now();
    await this.driver.start(spec);
    await running;
    this.startMs.push(performance.now() - started);
    await this.driver.kill(spec.uuid);
    await this.driver.destroy(spec.uuid);
  }

  async throughput(): Promise<void> {
    const spec = await this.spec(floodTemplate);
    const running = this.when(spec.uuid, 'running');
    await this.driver.start(spec);
    await running;
    let count = 0;
    let first = 0;
    let last = 0;
    const listener = (id: string, line: string) => {
      if (id !== spec.uuid || !line.includes(': flood line ')) return;
      last = performance.now();
      if (count++ === 0) first = last;
    };
    this.driver.on('output', listener);
    await this.driver.sendCommand(spec.uuid, `flood ${floodSeconds} 50000000`);
    await new Promise((r) => setTimeout(r, floodSeconds * 1000 + 1500));
    this.driver.off('output', listener);
    this.linesPerSecond.push(Math.round(count / ((last - first) / 1000)));
    await this.driver.kill(spec.uuid);
    await this.driver.destroy(spec.uuid);
  }

  async close(): Promise<void> {
    await this.driver.detachAll();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const sides = [new Side(true), new Side(false)];
  for (const side of sides) await side.driver.open();
  try {
    // A first start of each warms the disk cache (Node, flying-squid's modules) for both.
    for (const side of sides) await side.startTime();
    for (const side of sides) side.startMs.length = 0;
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) await side.startTime();
      for (const side of order) await side.throughput();
    }
    const [sandboxed, plain] = sides;
    console.log(
      JSON.stringify({
        rounds,
        sandboxedStartMs: Math.round(median(sandboxed.startMs)),
        plainStartMs: Math.round(median(plain.startMs)),
        sandboxedLinesPerSecond: median(sandboxed.linesPerSecond),
        plainLinesPerSecond: median(plain.linesPerSecond),
        samples: {
          sandboxed: { startMs: sandboxed.startMs.map(Math.round), linesPerSecond: sandboxed.linesPerSecond },
          plain: { startMs: plain.startMs.map(Math.round), linesPerSecond: plain.linesPerSecond },
        },
      }),
    );
  } finally {
    for (const side of sides) await side.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
