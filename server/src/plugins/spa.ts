import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PanelBranding } from '../schemas/panelSettings';
import { brandedIndexPage } from './brandedIndexPage';
import { builtRoutePreloads, ROUTE_PRELOADS_FILE } from './routePreloads';

export interface SpaPluginOptions {
  /** Absolute path of the built web app (config.clientDir, normally ./dist). */
  root: string;
  /** The panel's branding, written into index.html (see brandedIndexPage); without it the page goes as built. */
  branding?: () => Promise<PanelBranding>;
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
export async function spaPlugin(app: FastifyInstance, { root, branding }: SpaPluginOptions): Promise<void> {
  const rootDir = resolve(root);
  const indexPage = branding ? brandedIndexPage(resolve(rootDir, 'index.html'), branding, { routePreloads: builtRoutePreloads(resolve(rootDir, ROUTE_PRELOADS_FILE)) }) : null;
  // index.html for a page address: with the branding when there is one and the code of the route
  // it opens preloaded, revalidated by its ETag.
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', REVALIDATE_CACHE);
    if (!indexPage) return reply.sendFile('index.html');
    const { body, encoding, etag } = await indexPage(request.headers['accept-encoding'], request.url.split('?')[0]);
    reply.header('etag', etag).header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  };
  // serve: false: only reply.sendFile is wanted; the route below decides what is served.
  await app.register(fastifyStatic, { root: rootDir, serve: false, preCompressed: true, cacheControl: false, index: false });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    if (isApiPath(path)) return reply.callNotFound();
    const file = await findFile(rootDir, path);
    // index.html asked for by name is the page too.
    if (file === 'index.html') return sendIndex(request, reply);
    if (file) return reply.header('cache-control', file.startsWith('assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE).sendFile(file);
    if (acceptsHtml(request)) return sendIndex(request, reply);
    return reply.callNotFound();
  });
}
