import './testTemplates';
import type { PanelConfig } from '../../../server/src/config/PanelConfig';
import { createTestApp, type TestApp, type TestAppOptions } from './testApp';

/**
 * A test app whose runtime samples fast (stats every 200 ms, disk figures at most 300 ms old,
 * crash restarts after 100 ms) and hands out ports from a high range, probed free.
 */
export function createRuntimeTestApp(overrides: Partial<PanelConfig> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  return createTestApp(
    {
      portRange: { start: 41000, end: 48999 },
      runtimeTuning: { statsIntervalMs: 200, diskMaxAgeMs: 300, crashBackoffMs: 100, playerQueryIntervalMs: 500 },
      ...overrides,
    },
    options,
  );
}
