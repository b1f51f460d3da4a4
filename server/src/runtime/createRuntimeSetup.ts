import type { FastifyBaseLogger } from 'fastify';
import type { PanelConfig } from '../config/PanelConfig';
import { crashRestartDefaults, type CrashRestartOptions } from './crashRestartPolicy';
import { createLocalDriver } from './local/createLocalDriver';
import type { RuntimeDriver } from './RuntimeDriver';

/** What the panel's configuration decides about the runtime: the driver and its timings. */
export interface RuntimeSetup {
  driver: RuntimeDriver;
  crashRestart: CrashRestartOptions;
  /** How often players online are asked for while a server runs. */
  playerQueryIntervalMs: number;
}

/**
 * The one place a driver is chosen and built, for the panel (the runtime plugin) and for the CLI
 * when no panel runs. There is one driver today, `local`; containers, Kubernetes or remote nodes
 * would be chosen here from the configuration.
 */
export function createRuntimeSetup(
  config: Pick<PanelConfig, 'dataDir' | 'runtimeTuning' | 'unsafeNoSandbox'> & Partial<Pick<PanelConfig, 'diskImages'>>,
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): RuntimeSetup {
  const tuning = config.runtimeTuning ?? {};
  return {
    driver: createLocalDriver(config, log),
    // How many restarts in how long is each server's own crash policy (in the database).
    crashRestart: { backoffMs: tuning.crashBackoffMs ?? crashRestartDefaults.backoffMs },
    playerQueryIntervalMs: tuning.playerQueryIntervalMs ?? 5000,
  };
}
