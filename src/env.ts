/** Strips a trailing slash so hosts can be joined with absolute paths. */
function host(value: string | undefined): string {
  return (value ?? '').replace(/\/+$/, '');
}

/**
 * Settings fixed at build time. webpack's DefinePlugin replaces each `process.env.X` with its
 * value; an empty host means the panel's own origin.
 */
export const env = {
  /** Origin of the panel API (`''`: same origin). */
  panelApiHost: host(process.env.PANEL_API_HOST),
  /** Origin of the translation service (`''`: same origin). */
  translationsHost: host(process.env.TRANSLATIONS_HOST),
  /** Identifies the build (git commit or build time), shown in diagnostics. */
  buildId: process.env.BUILD_ID ?? 'development',
  isDevelopment: process.env.NODE_ENV === 'development',
} as const;
