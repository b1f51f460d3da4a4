import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface SpaPluginOptions {
  /** Absolute path of the built web app (config.clientDir, normally ./dist). */
  root: string;
}

/** Content-hashed build output: a new build gives new names, so browsers may keep these for good. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) is revalidated on every use, so a new build shows at once. */
export const REVALIDATE_CACHE = 'no-cache';

function isApiPath(path: string): boolean {
  return path === 'api' || path.startsWith('api/');
}

/** A navigation of the browser (as opposed to a script, an image or an API client). */
function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** The file a URL path names inside `root`, or null: nothing outside it, no dot files, no folders. */
async function findFile(root: string, path: string): Promise<string | null> {
  if (path === '' || path.includes('\0') || path.split('/').some((segment) => segment.startsWith('.'))) return null;
  const full = resolve(root, path);
  if (!full.startsWith(root + sep)) return null;
  try {
    return (await stat(full)).isFile() ? path : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built single-page app from the API server: files of the build with long-lived
 * caching for the hashed assets (pre-compressed .br/.gz siblings when the browser takes them),
 * and index.html for every other page address the browser navigates to, so client-side routes
 * survive a reload. Unknown /api addresses keep their JSON 404.
 */
export async function spaPlugin(app: FastifyInstance, { root }: SpaPluginOptions): Promise<void> {
  const rootDir = resolve(root);
  // serve: false: only reply.sendFile is wanted; the route below decides what is served.
  await app.register(fastifyStatic, { root: rootDir, serve: false, preCompressed: true, cacheControl: false, index: false });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    if (isApiPath(path)) return reply.callNotFound();
    const file = await findFile(rootDir, path);
    if (file) return reply.header('cache-control', file.startsWith('assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE).sendFile(file);
    if (acceptsHtml(request)) return reply.header('cache-control', REVALIDATE_CACHE).sendFile('index.html');
    return reply.callNotFound();
  });
}
