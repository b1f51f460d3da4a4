/**
 * The engine part of bench/docker (BENCH_DOCKER_PARTS=engine), started by run.mjs with tsx: how
 * fast the engine itself hands a flooding container's output to a plain attach client, with no
 * panel in between, so a slow Docker console can be told apart as the engine's or the panel's.
 * The container runs bench/console's flood game in the panel's game image, attached to as the
 * panel attaches (stdin, stdout and stderr over TCP with mutual TLS, frames split by the panel's
 * own splitter), once for each way of logging:
 *   panel    the log configuration the panel gives its servers' containers (consoleLogConfig);
 *   blocking the engine's default json-file log, which the attached stream waits for;
 *   none     no log at all: the attached stream alone, the engine's ceiling.
 * BENCH_DOCKER_ROUNDS rounds, the ways alternating; for each, the median lines per second from the
 * first flood line to the flood's closing line, and the engine's (dockerd's) CPU time per 10,000
 * lines (the benchmark's engine runs on this machine). Prints one JSON line: {"ways":[…]}.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import type Docker from 'dockerode';
import { consoleLogConfig } from '../../server/src/runtime/docker/containerConfig';
import { createDockerClient, sendAtOnce } from '../../server/src/runtime/docker/dockerClient';
import { EngineLogSplitter } from '../../server/src/runtime/docker/engineLogStream';
import { buildImage } from '../../server/src/runtime/docker/images/buildImages';
import { findGameImage } from '../../server/src/runtime/docker/images/gameImages';

const IMAGE = 'panel/flying-squid:1';
const rounds = Number(process.env.BENCH_DOCKER_ROUNDS ?? 5);
const lines = Number(process.env.BENCH_DOCKER_ENGINE_LINES ?? 1_000_000);
const ways: Record<string, Docker.HostConfig['LogConfig']> = {
  panel: consoleLogConfig(),
  blocking: { Type: 'json-file', Config: { 'max-size': '8m', 'max-file': '3' } },
  none: { Type: 'none', Config: {} },
};

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** dockerd's CPU time so far (user + system, milliseconds). */
function engineCpuMs(): number {
  const pid = readFileSync(join(env('PANEL_DOCKER_DIR'), 'dockerd.pid'), 'utf8').trim();
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime: fields 14 and 15 of stat, 12 and 13 after the command's name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** One flood in a fresh container logging `way`'s way: lines per second and dockerd's CPU per 10,000 lines. */
async function floodOnce(docker: Docker, logConfig: Docker.HostConfig['LogConfig']): Promise<{ linesPerSecond: number; engineCpuMsPer10k: number }> {
  const game = readFileSync(join(__dirname, '../console/floodGame.cjs'), 'utf8');
  const container = await docker.createContainer({
    Image: IMAGE,
    Cmd: ['node', '-e', game],
    OpenStdin: true,
    StdinOnce: false,
    AttachStdin: true,
    Tty: false,
    HostConfig: { LogConfig: logConfig, Init: true },
  });
  try {
    const stream = sendAtOnce((await container.attach({ stream: true, stdin: true, stdout: true, stderr: true, hijack: true })) as unknown as Duplex);
    let flooded = 0;
    let firstAt = 0;
    let cpuBefore = 0;
    const done = new Promise<number>((resolve, reject) => {
      const splitter = new EngineLogSplitter(
        (batch) => {
          for (const { text } of batch) {
            if (text.includes('flood line ')) {
              if (flooded++ === 0) firstAt = performance.now();
            } else if (text === 'Flood server ready') {
              cpuBefore = engineCpuMs();
              stream.write(`flood 60 ${lines}\n`);
            } else if (text.startsWith('flood done')) resolve(performance.now());
          }
        },
        { timestamps: false },
      );
      stream.on('data', (chunk: Buffer) => splitter.push(chunk));
      stream.once('end', () => reject(new Error(`the flood container ended after ${flooded} lines`)));
    });
    await container.start();
    const endAt = await done;
    const cpuMs = engineCpuMs() - cpuBefore;
    stream.destroy();
    if (flooded !== lines) throw new Error(`the attached stream brought ${flooded} of ${lines} lines`);
    return { linesPerSecond: Math.round((flooded / (endAt - firstAt)) * 1000), engineCpuMsPer10k: Math.round((cpuMs / flooded) * 10_000) };
  } finally {
    await container.remove({ force: true });
  }
}

async function main(): Promise<void> {
  const tls = { ca: readFileSync(env('PANEL_DOCKER_TLS_CA'), 'utf8'), cert: readFileSync(env('PANEL_DOCKER_TLS_CERT'), 'utf8'), key: readFileSync(env('PANEL_DOCKER_TLS_KEY'), 'utf8') };
  const docker = createDockerClient({ dockerHost: env('PANEL_DOCKER_TLS_HOST'), tls });
  const present = await docker
    .getImage(IMAGE)
    .inspect()
    .then(
      () => true,
      () => false,
    );
  if (!present) await buildImage(docker, findGameImage(IMAGE)!, () => undefined);
  const samples: Record<string, { linesPerSecond: number; engineCpuMsPer10k: number }[]> = Object.fromEntries(Object.keys(ways).map((way) => [way, []]));
  for (let round = 0; round < rounds; round++) {
    for (const way of Object.keys(ways)) {
      const sample = await floodOnce(docker, ways[way]);
      samples[way].push(sample);
      process.stderr.write(`[engine] ${way}: ${sample.linesPerSecond} lines/s, dockerd ${sample.engineCpuMsPer10k} ms per 10,000 lines\n`);
    }
  }
  const result = Object.entries(samples).map(([way, list]) => ({
    way,
    linesPerSecond: median(list.map((s) => s.linesPerSecond)),
    engineCpuMsPer10k: median(list.map((s) => s.engineCpuMsPer10k)),
    samples: list,
  }));
  process.stdout.write(`${JSON.stringify({ ways: result })}\n`);
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error);
    process.exit(1);
  },
);
