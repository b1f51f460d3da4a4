/**
 * Translation keys of the web app, of the panel's mails (server/src/services/mail) and of the
 * texts it writes for customers (server/src/services/translations, and the account answers worded
 * in the account's language in server/src/services/auth).
 *
 *   npm run i18n:extract   writes server/translations/en.json from the t('key', 'Default')
 *                          calls (and <Trans i18nKey>) in src/, nested by dots, keys sorted.
 *   npm run i18n:check     fails when en.json is stale, when another language lacks a key
 *                          English has (or has extra ones), or when visible text in a .tsx
 *                          file bypasses i18next. `// i18n-ignore` exempts one spot.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDictionary, flatten, serialise } from './i18n/dictionaries';
import { checkLanguages } from './i18n/checkLanguages';
import { extractKeys } from './i18n/extractKeys';
import { findHardcodedStrings } from './i18n/findHardcodedStrings';
import { readSourceFiles } from './i18n/sourceFiles';

const root = join(__dirname, '..');
const translationsDir = join(root, 'server', 'translations');
const englishFile = join(translationsDir, 'en.json');
const checkOnly = process.argv.includes('--check');

// The web app, the mails the panel sends, and the texts and account answers it words for customers
// (same dictionaries, so each speaks the reader's language).
const files = [
  ...readSourceFiles(root),
  ...readSourceFiles(root, 'server/src/services/mail'),
  ...readSourceFiles(root, 'server/src/services/translations'),
  ...readSourceFiles(root, 'server/src/services/auth'),
  ...readSourceFiles(root, 'server/src/games/eggs'),
  ...readSourceFiles(root, 'server/src/services/templates'),
];
const extracted = extractKeys(files);
const built = buildDictionary(extracted.keys);
const text = serialise(built.dictionary);
const problems = [...extracted.problems, ...built.problems];

if (!checkOnly) {
  mkdirSync(translationsDir, { recursive: true });
  writeFileSync(englishFile, text);
  console.log(`Wrote ${extracted.keys.size} keys from ${files.length} files to server/translations/en.json`);
} else {
  const current = existsSync(englishFile) ? readFileSync(englishFile, 'utf8') : null;
  if (current !== text) problems.push('server/translations/en.json is out of date: run `npm run i18n:extract`');
  problems.push(...findHardcodedStrings(files));
}
problems.push(...checkLanguages(translationsDir, flatten(built.dictionary)));

if (problems.length) {
  console.error(problems.map((p) => `✗ ${p}`).join('\n'));
  console.error(`\n${problems.length} translation problem(s).`);
  process.exit(1);
}
if (checkOnly) console.log(`Translations OK: ${extracted.keys.size} keys, ${files.length} files checked.`);
