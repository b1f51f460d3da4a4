import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** The Content-Security-Policy directives of every answer. */
export function contentSecurityDirectives(extraConnect: readonly string[], pageScripts?: () => string): Record<string, (string | (() => string))[]> {
  return {
    defaultSrc: ["'self'"],
    // The bundle's own files and, by their hashes, the built page's own inline scripts (the
    // first frame's chooser): no other inline script, no eval.
    scriptSrc: pageScripts ? ["'self'", pageScripts] : ["'self'"],
    scriptSrcAttr: ["'none'"],
    // antd's CSS-in-JS injects <style> elements and React sets style attributes; index.html's
    // first frame is drawn by an inline <style> too.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // The theme art and the two-factor QR code are data: URLs; plugin and mod icons come from the catalogues' CDNs.
    imgSrc: ["'self'", 'data:', 'https://cdn.modrinth.com', 'https://hangarcdn.papermc.io', 'https://www.spigotmc.org', 'https://media.forgecdn.net'],
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
 */
export const securityHeadersPlugin = fp<{ connectSources: string[]; pageScripts?: () => string }>(
  async (app, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(options.connectSources, options.pageScripts) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      // The panel embeds nothing cross-origin; COEP would only break future avatars from other hosts.
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'security-headers' },
);
