import type { FastifyBaseLogger } from 'fastify';
import type { PanelConfig } from '../../config/PanelConfig';
import { LocalDriver, localDriverDefaults, type LocalDriverOptions } from './LocalDriver';

/**
 * The one way the panel, its CLI and tests build the local driver from the configuration: data
 * directory, timings and the sandbox setting (PANEL_UNSAFE_NO_SANDBOX).
 */
export function createLocalDriver(
  config: Pick<PanelConfig, 'dataDir' | 'runtimeTuning' | 'unsafeNoSandbox'> & Partial<Pick<PanelConfig, 'diskImages'>>,
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  overrides: Partial<LocalDriverOptions> = {},
): LocalDriver {
  const tuning = config.runtimeTuning ?? {};
  return new LocalDriver({
    ...localDriverDefaults,
    dataDir: config.dataDir,
    statsIntervalMs: tuning.statsIntervalMs ?? localDriverDefaults.statsIntervalMs,
    diskMaxAgeMs: tuning.diskMaxAgeMs ?? localDriverDefaults.diskMaxAgeMs,
    unsafeNoSandbox: config.unsafeNoSandbox,
    diskImages: config.diskImages ?? true,
    log,
    ...overrides,
  });
}
