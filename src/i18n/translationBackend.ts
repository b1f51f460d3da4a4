import type { BackendModule, ReadCallback } from 'i18next';
import { translationLoadPath } from './translationUrls';

/** Options of {@link TranslationBackend} (i18next's `backend` option). */
export interface TranslationBackendOptions {
  /** Fetches the dictionaries: the panel's fetch, which takes the answers the entry asked for early. */
  fetch?: typeof fetch;
}

/** A dictionary's address: the language service's path with the language and namespace filled in. */
export const dictionaryUrl = (language: string, namespace: string): string => translationLoadPath.replace('{{lng}}', encodeURIComponent(language)).replace('{{ns}}', encodeURIComponent(namespace));

/**
 * Loads each language's dictionary from the panel's translation service over HTTP, as
 * i18next-http-backend did for the panel, in a few lines instead of its 7 KB on every page: one
 * GET per language and namespace. A failed request is retried by i18next when it may pass later
 * (a server error or no answer), not when the service refused it (4xx).
 */
export class TranslationBackend implements BackendModule<TranslationBackendOptions> {
  static readonly type = 'backend';
  // i18next 26 calls read with a callback when the backend says so (instead of guessing).
  static readonly callbackApi = true;
  readonly type = 'backend' as const;
  private fetchFn: typeof fetch = (input, init) => fetch(input, init);

  init(_services: unknown, options: TranslationBackendOptions = {}): void {
    if (options.fetch) this.fetchFn = options.fetch;
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    const url = dictionaryUrl(language, namespace);
    this.fetchFn(url, { method: 'GET' }).then(
      async (response) => {
        if (!response.ok) {
          callback(new Error(`failed loading ${url}; status code: ${response.status}`), response.status >= 500 || response.status === 0);
          return;
        }
        const dictionary: unknown = await response.json().catch(() => undefined);
        if (typeof dictionary !== 'object' || dictionary === null) callback(new Error(`failed parsing ${url} to json`), false);
        else callback(null, dictionary as Record<string, unknown>);
      },
      (error: unknown) => callback(new Error(`failed loading ${url}: ${error instanceof Error ? error.message : String(error)}`), true),
    );
  }
}
