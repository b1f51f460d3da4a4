import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type Docker from 'dockerode';
import { buildServerSpec } from '../../../../server/src/runtime/buildServerSpec';
import { createDockerClient } from '../../../../server/src/runtime/docker/dockerClient';
import { DockerDriver, type DockerDriverOptions } from '../../../../server/src/runtime/docker/DockerDriver';
import { buildImage } from '../../../../server/src/runtime/docker/images/buildImages';
import { ensureImage } from '../../../../server/src/runtime/docker/images/ensureImage';
import { findGameImage } from '../../../../server/src/runtime/docker/images/gameImages';
import type { ResourceLimits, ServerSpec } from '../../../../server/src/runtime/types';
import type { TemplateDefinition } from '../../../../server/src/games/templates';
import { fixtureTemplate } from '../../helpers/testTemplates';
import { testDockerEngine } from '../../helpers/testDockerEngine';

export const FLYING_SQUID_IMAGE = 'panel/flying-squid:1';

/** The run's engine as a client, with the embedded Minecraft image built on it once per engine. */
export async function openTestEngine(): Promise<{ docker: Docker; publicHost: string; hostAddress: string; imageSeconds: number | null }> {
  const engine = testDockerEngine();
  const docker = createDockerClient({ dockerHost: engine.dockerHost });
  let imageSeconds: number | null = null;
  const present = await docker
    .getImage(FLYING_SQUID_IMAGE)
    .inspect()
    .then(
      () => true,
      () => false,
    );
  if (!present) imageSeconds = (await buildImage(docker, findGameImage(FLYING_SQUID_IMAGE)!, () => undefined)).seconds;
  return { docker, publicHost: engine.publicHost, hostAddress: engine.hostAddress, imageSeconds };
}

const hasImage = (docker: Docker, name: string) =>
  docker
    .getImage(name)
    .inspect()
    .then(
      () => true,
      () => false,
    );

/**
 * Gives engine `to` the panel images it lacks from engine `from` (`docker save | docker load`,
 * about a second each, built on `from` first where it lacks them too): a second node starts with
 * the run's images instead of building each again.
 */
export async function shareImages(from: Docker, to: Docker, names: string[]): Promise<void> {
  await Promise.all(
    names.map(async (name) => {
      if (await hasImage(to, name)) return;
      await ensureImage(from, name);
      const saved = (await from.getImage(name).get()) as unknown as Readable;
      const loading = (await to.loadImage(saved)) as unknown as Readable;
      const messages = await new Promise<{ error?: string }[]>((resolve, reject) =>
        to.modem.followProgress(loading, (error: Error | null, output: { error?: string }[]) => (error ? reject(error) : resolve(output))),
      );
      const failed = messages.find((message) => message.error);
      if (failed) throw new Error(`The engine did not load ${name}: ${failed.error}`);
    }),
  );
}

export function openDriver(docker: Docker, publicHost: string, options: Partial<DockerDriverOptions> = {}): DockerDriver {
  return new DockerDriver({ docker, publicHost, diskMaxAgeMs: 1000, ...options });
}

let nextPort = 31000 + Math.floor(Math.random() * 2000);

/** A spec of the fixture game (or another template) as the runtime manager would build it for this driver. */
export function fixtureSpec(driver: DockerDriver, uuid: string, options: { mode?: string; limits?: Partial<ResourceLimits>; template?: TemplateDefinition } = {}): ServerSpec {
  const template = options.template ?? fixtureTemplate;
  const paths = driver.gamePaths();
  return buildServerSpec({
    uuid,
    template: { ...template, image: template.image ?? FLYING_SQUID_IMAGE },
    variables: options.mode ? { MODE: options.mode } : {},
    limits: { memoryMb: 256, cpuPercent: 100, diskMb: 512, ...options.limits },
    primary: { ip: '0.0.0.0', port: nextPort++ },
    extraPorts: {},
    root: paths.root,
    node: paths.node,
    launchers: paths.launchers,
  });
}

const probe = readFileSync(join(__dirname, 'fixtures', 'probe.cjs'), 'utf8');

/** The hostile probe (fixtures/probe.cjs) as a template. */
export const probeTemplate: TemplateDefinition = {
  ...fixtureTemplate,
  slug: 'test-probe',
  name: 'Test probe',
  startCommand: '{{NODE}} probe.cjs',
  install: [{ type: 'write-file', path: 'probe.cjs', content: probe, overwrite: true }],
};

/** Console lines of one server as the driver reports them. */
export function collect(driver: DockerDriver, uuid: string): { lines: string[]; states: string[]; crashes: { reason: string; message: string }[] } {
  const seen = { lines: [] as string[], states: [] as string[], crashes: [] as { reason: string; message: string }[] };
  driver.on('output', (id, line) => id === uuid && seen.lines.push(line));
  driver.on('state', (id, state) => id === uuid && seen.states.push(state));
  driver.on('crashed', (id, info) => id === uuid && seen.crashes.push(info));
  return seen;
}
