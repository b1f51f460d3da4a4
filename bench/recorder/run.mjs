#!/usr/bin/env node
/**
 * bench/recorder: the cost the action recorder adds per dispatched action (median and p99, in
 * microseconds, measured as the difference between a store with and without the recorder on the
 * same actions) and the size of the exported file for 5,000 actions.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench', 'recorder', 'measure.ts')], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
process.exit(result.status ?? 1);
