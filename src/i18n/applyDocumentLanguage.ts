import type { TextDirection } from './languages';

/** Sets `<html lang dir>` so the browser, screen readers and CSS logical properties follow the language. */
export function applyDocumentLanguage(code: string, direction: TextDirection): void {
  const root = document.documentElement;
  root.lang = code;
  root.dir = direction;
}
