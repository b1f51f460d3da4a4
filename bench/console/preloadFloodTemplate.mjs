/**
 * Preloaded into the panel process under test (NODE_OPTIONS, after `--import tsx`): registers
 * the benchmark's flood template before the panel syncs its catalog. Node also runs preloads in
 * its module-loader thread, where TypeScript cannot load; the template belongs in the main
 * thread only.
 */
import { isMainThread } from 'node:worker_threads';

if (isMainThread) await import('./floodTemplate.ts');
