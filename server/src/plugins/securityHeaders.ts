import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { IncomingMessage } from 'node:http';

/** The Content-Security-Policy directives of every answer. */
export function contentSecurityDirectives(
  extraConnect: readonly string[],
  pageScripts?: () => string,
  runtimeImages?: (req: IncomingMessage) => string,
): Record<string, (string | ((req: IncomingMessage) => string))[]> {
  return {
    defaultSrc: ["'self'"],
    // The bundle's own files and, by their hashes, the built page's own inline scripts (the
    // first frame's chooser): no other inline script, no eval.
    scriptSrc: pageScripts ? ["'self'", pageScripts] : ["'self'"],
    scriptSrcAttr: ["'none'"],
    // antd's CSS-in-JS injects <style> elements and React sets style attributes; index.html's
    // first frame is drawn by an inline <style> too.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // The theme art and the two-factor QR code are data: URLs; plugin and mod icons come from the
    // catalogues' CDNs; the brand logo the host set at run time may live on a site of its own.
    imgSrc: ["'self'", 'data:', 'https://cdn.modrinth.com', 'https://hangarcdn.papermc.io', 'https://www.spigotmc.org', 'https://media.forgecdn.net', ...(runtimeImages ? [runtimeImages] : [])],
    fontSrc: ["'self'", 'data:'],
    // 'self' covers the console websocket on the same host (ws:/wss:) in CSP level 3 browsers.
    connectSrc: ["'self'", ...extraConnect],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * Security headers on every answer (helmet): the Content-Security-Policy above, nosniff,
 * no framing (X-Frame-Options DENY with frame-ancestors 'none'), no referrer, same-origin opener
 * and resource policies, HSTS for browsers that reached the panel over HTTPS.
 * `imageSources` names image origins that change at run time (the brand logo's): read for each
 * answer, so a changed setting shows in the next page's policy without a restart.
 */
export const securityHeadersPlugin = fp<{ connectSources: string[]; pageScripts?: () => string; imageSources?: () => Promise<readonly string[]> }>(
  async (app, options) => {
    const { imageSources } = options;
    // helmet's directive functions are synchronous: the sources are read (async) in a hook that
    // runs before helmet's and kept beside the raw request helmet hands to the function.
    const imagesOf = new WeakMap<IncomingMessage, string>();
    if (imageSources) {
      app.addHook('onRequest', async (request) => {
        const sources = await imageSources().catch((error: unknown) => {
          request.log.warn({ err: error }, 'could not read the run-time image sources for the CSP');
          return [];
        });
        if (sources.length) imagesOf.set(request.raw, sources.join(' '));
      });
    }
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityDirectives(options.connectSources, options.pageScripts, imageSources && ((req) => imagesOf.get(req) ?? '')),
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      // The panel embeds nothing cross-origin; COEP would only break future avatars from other hosts.
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'security-headers' },
);
