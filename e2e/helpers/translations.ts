import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Dictionary = { [key: string]: string | Dictionary };

/**
 * A language's dictionary as the panel serves it (server/translations/<code>.json), so a test in
 * another language finds the same labels a user there reads.
 */
export function translator(code: string): (key: string) => string {
  const dictionary = JSON.parse(readFileSync(join(__dirname, '..', '..', 'server', 'translations', `${code}.json`), 'utf8')) as Dictionary;
  return (key) => {
    const value = key.split('.').reduce<string | Dictionary | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), dictionary);
    if (typeof value !== 'string') throw new Error(`No "${key}" in ${code}.json`);
    return value;
  };
}
