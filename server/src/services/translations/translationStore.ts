import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** One entry of the language list (SPEC section 3). */
export interface LanguageEntry {
  code: string;
  showInSelect: boolean;
}

/** server/translations, or PANEL_TRANSLATIONS_DIR when the dictionaries live elsewhere. */
export function defaultTranslationsDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.PANEL_TRANSLATIONS_DIR ?? join(__dirname, '../../../translations'));
}

// Language codes like en, pt-BR, zh-Hant: no dots or slashes can reach the file system.
const CODE_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/** Reads languages.json and the per-language dictionaries from one directory. */
export class TranslationStore {
  constructor(readonly dir: string) {}

  async languages(): Promise<LanguageEntry[]> {
    const list = JSON.parse(await readFile(join(this.dir, 'languages.json'), 'utf8')) as LanguageEntry[];
    return list.map(({ code, showInSelect }) => ({ code, showInSelect: Boolean(showInSelect) }));
  }

  /** The dictionary of a listed language, or null for an unknown code or a missing file. */
  async dictionary(code: string): Promise<Record<string, unknown> | null> {
    if (!CODE_PATTERN.test(code)) return null;
    if (!(await this.languages()).some((l) => l.code === code)) return null;
    try {
      return JSON.parse(await readFile(join(this.dir, `${code}.json`), 'utf8')) as Record<string, unknown>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}
