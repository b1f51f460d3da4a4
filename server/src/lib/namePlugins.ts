import type { FastifyInstance } from 'fastify';

const DISPLAY_NAME = Symbol.for('fastify.display-name');

type Named = { [DISPLAY_NAME]?: string; name?: string };

/**
 * Names each plugin registered on the app, or on any of its children (they share the root's
 * `register`), after its function. Fastify looks an unnamed plugin up by scanning every loaded
 * module (`require.cache`), twice per registration: some 400 scans of the module table at each
 * start, and under Jest, whose module table is a proxy, a third of a second of every server
 * test file. A plugin that names itself (fastify-plugin's do) keeps its name.
 */
export function namePluginsAfterFunctions(app: FastifyInstance): void {
  const register = app.register;
  app.register = function (this: FastifyInstance, plugin: unknown, ...rest: unknown[]) {
    if (typeof plugin === 'function') {
      const named = plugin as Named;
      if (!named[DISPLAY_NAME] && named.name) named[DISPLAY_NAME] = named.name;
    }
    return (register as (...args: unknown[]) => unknown).call(this, plugin, ...rest);
  } as typeof app.register;
}
