import os from 'node:os';

/**
 * Jest gives every test file a fresh module registry and global object, so anything a helper
 * keeps in a module variable is built again by the next file. Node's built-in modules are the
 * exception: every file a worker runs gets the worker's own objects. What is hung on one of
 * them here lives as long as the worker, for the files it runs after this one.
 *
 * Only for values that nothing changes once made (compiled code, bytes read from disk).
 */
const holder = os as unknown as Record<symbol, Map<string, unknown> | undefined>;
const key = Symbol.for('panel.tests.workerCache');

/** The value made by `make` the first time a file in this worker asked for `name`. */
export function workerCached<T>(name: string, make: () => T): T {
  const cache = (holder[key] ??= new Map<string, unknown>());
  if (!cache.has(name)) cache.set(name, make());
  return cache.get(name) as T;
}
