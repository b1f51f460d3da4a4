const browsers: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * A short, readable name for a browser from its user agent ("Firefox", "Linux"), or null when
 * neither the browser nor the system is recognised (API clients, scripts).
 */
export function describeUserAgent(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, system };
}
