import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** The Content-Security-Policy directives of every answer. */
export function contentSecurityDirectives(extraConnect: readonly string[]): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    // Only the bundle's own files: no inline script, no eval.
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // antd's CSS-in-JS injects <style> elements and React sets style attributes; index.html's
    // first-frame background is one inline <style> too.
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
export const securityHeadersPlugin = fp<{ connectSources: string[] }>(
  async (app, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(options.connectSources) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      // The panel embeds nothing cross-origin; COEP would only break future avatars from other hosts.
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'security-headers' },
);
