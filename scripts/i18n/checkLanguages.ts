import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flatten } from './dictionaries';

/** Dictionaries are named by language code (en.json, pt-BR.json); other JSON files are not languages. */
const languageFile = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*\.json$/;

/** Every language that languages.json lists (the language list the panel serves) needs its dictionary. */
function checkLanguageList(dir: string, dictionaries: string[]): string[] {
  const listFile = join(dir, 'languages.json');
  if (!existsSync(listFile)) return [];
  let list: unknown;
  try {
    list = JSON.parse(readFileSync(listFile, 'utf8'));
  } catch (error) {
    return [`languages.json: not valid JSON (${(error as Error).message})`];
  }
  if (!Array.isArray(list)) return ['languages.json: not a list of { code, showInSelect }'];
  return list
    .map((entry: { code?: unknown }) => String(entry?.code))
    .filter((code) => code !== 'en' && !dictionaries.includes(`${code}.json`))
    .map((code) => `languages.json lists "${code}" but there is no ${code}.json`);
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => new Set([...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]));

/**
 * Compares every language file in `dir` with English (already flattened): each must have
 * exactly the keys English has, as non-empty strings, with no placeholder ({{name}}) that the
 * English text lacks. Plural keys (key_one, key_other, ...) must come in the plural forms the
 * language itself uses (Intl.PluralRules), whatever forms English has.
 */
export function checkLanguages(dir: string, english: Map<string, unknown>): string[] {
  const problems: string[] = [];
  const pluralBases = new Set([...english.keys()].filter((k) => pluralSuffix.test(k)).map((k) => k.replace(pluralSuffix, '')));
  const englishText = (key: string) => String(english.get(key) ?? english.get(`${key.replace(pluralSuffix, '')}_other`) ?? '');

  const dictionaries = readdirSync(dir).filter((f) => languageFile.test(f) && f !== 'en.json');
  problems.push(...checkLanguageList(dir, dictionaries));
  for (const file of dictionaries.sort()) {
    const code = file.replace(/\.json$/, '');
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (error) {
      problems.push(`${file}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    const language = flatten(parsed);
    let categories: string[] = ['one', 'other'];
    try {
      categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    } catch {
      problems.push(`${file}: "${code}" is not a language code Intl knows`);
    }
    const expected = new Set<string>();
    for (const key of english.keys()) {
      const base = key.replace(pluralSuffix, '');
      if (pluralSuffix.test(key) && pluralBases.has(base)) categories.forEach((c) => expected.add(`${base}_${c}`));
      else expected.add(key);
    }
    const missing = [...expected].filter((k) => !language.has(k));
    const extra = [...language.keys()].filter((k) => !expected.has(k));
    if (missing.length) problems.push(`${file}: missing ${missing.length} key(s): ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', …' : ''}`);
    if (extra.length) problems.push(`${file}: ${extra.length} key(s) English does not have: ${extra.slice(0, 20).join(', ')}${extra.length > 20 ? ', …' : ''}`);
    for (const [key, value] of language) {
      if (!expected.has(key)) continue;
      if (typeof value !== 'string' || value.trim() === '') {
        problems.push(`${file}: "${key}" is empty or not a string`);
        continue;
      }
      const allowed = placeholders(englishText(key));
      const unknown = [...placeholders(value)].filter((p) => !allowed.has(p) && p !== 'count');
      if (unknown.length) problems.push(`${file}: "${key}" uses {{${unknown.join('}}, {{')}}} which the English text does not have`);
    }
  }
  return problems;
}
