/**
 * The origins the web app talks to besides its own: the API and the translation service when
 * they run on other hosts (PANEL_API_HOST and TRANSLATIONS_HOST, the same settings the web app
 * is built with), each also as its websocket origin (ws:, wss:).
 */
export function connectSources(origins: readonly (string | undefined)[]): string[] {
  const sources = new Set<string>();
  for (const value of origins) {
    if (!value?.trim()) continue;
    let url: URL;
    try {
      url = new URL(value.trim());
    } catch {
      throw new Error(`"${value}" is not an http(s) origin (PANEL_API_HOST / TRANSLATIONS_HOST)`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`"${value}" is not an http(s) origin (PANEL_API_HOST / TRANSLATIONS_HOST)`);
    sources.add(url.origin);
    sources.add(`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`);
  }
  return [...sources];
}
