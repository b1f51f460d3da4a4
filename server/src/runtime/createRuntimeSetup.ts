import type { FastifyBaseLogger } from 'fastify';
import type { PanelConfig } from '../config/PanelConfig';
import { crashRestartDefaults, type CrashRestartOptions } from './crashRestartPolicy';
import { createLocalDriver } from './local/createLocalDriver';
import type { RuntimeDriver } from './RuntimeDriver';
import type { NodeDriverHandle, NodeEngine, OpenNodeDriver } from './nodes/NodeConnection';
import { NodeRoutingDriver } from './nodes/NodeRoutingDriver';

/** What the panel's configuration decides about the runtime: the driver and its timings. */
export interface RuntimeSetup {
  driver: RuntimeDriver;
  /** The same driver as the router over the nodes: the panel hands it the nodes and asks their state. */
  nodes: NodeRoutingDriver;
  crashRestart: CrashRestartOptions;
  /** How often players online are asked for while a server runs. */
  playerQueryIntervalMs: number;
}

/**
 * A docker node's driver: a client of its engine (mutual TLS over TCP) and the node's public address.
 * The docker driver and its client (dockerode, docker-modem, gRPC and protobuf: some 200 modules)
 * are loaded when the first docker node is opened: a panel without docker nodes never loads them.
 */
export async function openDockerNode(engine: NodeEngine): Promise<NodeDriverHandle> {
  const [{ createDockerClient }, { DockerDriver }] = await Promise.all([import('./docker/dockerClient'), import('./docker/DockerDriver')]);
  const docker = createDockerClient({ dockerHost: engine.dockerHost, ...(engine.tls ? { tls: engine.tls } : {}) });
  return { driver: new DockerDriver({ docker, publicHost: engine.publicHost }), ping: () => docker.ping() };
}

/**
 * The one place drivers are chosen and built, for the panel (the runtime plugin) and for the CLI
 * when no panel runs: the local driver for the panel's own machine (or `localDriver`, an in-memory
 * one in tests), routed beside one docker driver per node the panel is given later.
 */
export function createRuntimeSetup(
  config: Pick<PanelConfig, 'dataDir' | 'runtimeTuning' | 'unsafeNoSandbox'> & Partial<Pick<PanelConfig, 'diskImages'>>,
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  options: { localDriver?: RuntimeDriver; openNode?: OpenNodeDriver } = {},
): RuntimeSetup {
  const tuning = config.runtimeTuning ?? {};
  const nodes = new NodeRoutingDriver({
    local: options.localDriver ?? createLocalDriver(config, log),
    openNode: options.openNode ?? openDockerNode,
    checkIntervalMs: tuning.nodeCheckIntervalMs,
    log,
  });
  return {
    driver: nodes,
    nodes,
    // How many restarts in how long is each server's own crash policy (in the database).
    crashRestart: { backoffMs: tuning.crashBackoffMs ?? crashRestartDefaults.backoffMs },
    playerQueryIntervalMs: tuning.playerQueryIntervalMs ?? 5000,
  };
}
