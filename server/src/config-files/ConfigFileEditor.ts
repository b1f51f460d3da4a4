import { lineEndingOf, parseProperties, updateProperties, withLineEndings } from '../runtime/properties';
import type { RootedFileSystem } from '../runtime/RootedFileSystem';
import { ValidationError } from '../lib/errors';
import type { ConfigFileDeclaration } from './ConfigFieldSpec';
import { changedKeys, checkConfigChanges } from './checkConfigChanges';
import { configFieldsOf, type ConfigField } from './configFields';

/** A config file as read from the server's folder. */
export interface ConfigFileContent {
  raw: string;
  exists: boolean;
  values: Record<string, string>;
  fields: ConfigField[];
}

/** A change to a config file: some values (form) or the whole text (raw editor). */
export type ConfigChange = { values: Record<string, string> } | { raw: string };

/** What a save changed. */
export interface ConfigSaveResult {
  changed: string[];
  /** The values after the save (for the audit entry). */
  after: Record<string, string>;
}

// Saves of one file run one after the other, so two editors never lose each other's keys.
const queues = new Map<string, Promise<unknown>>();

function serialised<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(task);
  queues.set(key, run);
  void run.finally(() => queues.get(key) === run && queues.delete(key)).catch(() => undefined);
  return run;
}

/**
 * Reads and changes one declared config file of a server through its RootedFileSystem: the
 * form's values are set in place (comments, order and unknown keys kept), raw text is checked the
 * same way, and the file is replaced atomically only when every changed value is acceptable.
 * Either way the file keeps its line breaks (`\r\n` or `\n`).
 */
export class ConfigFileEditor {
  constructor(
    private readonly files: RootedFileSystem,
    private readonly file: ConfigFileDeclaration,
  ) {}

  async read(): Promise<ConfigFileContent> {
    const exists = await this.files.exists(this.file.path);
    const raw = exists ? (await this.files.readFile(this.file.path)).toString('utf8') : '';
    const values = parseProperties(raw, this.file.escaping);
    return { raw, exists, values, fields: configFieldsOf(this.file, values) };
  }

  /** `raw` with the line breaks of the file as it is (a new file keeps those of `raw`). */
  private keepLineEndings(current: ConfigFileContent, raw: string): string {
    return current.exists && /\n/.test(current.raw) ? withLineEndings(raw, lineEndingOf(current.raw)) : raw;
  }

  /** Applies the change; throws a ValidationError (422, `values.<key>`) and writes nothing when a value is refused. */
  save(change: ConfigChange): Promise<ConfigSaveResult> {
    return serialised(`${this.files.root}\0${this.file.path}`, async () => {
      const current = await this.read();
      // A browser's text box sends `\n` only: raw text is written with the file's own line breaks.
      const text = 'raw' in change ? this.keepLineEndings(current, change.raw) : updateProperties(current.raw, change.values, false, this.file.escaping);
      const after = parseProperties(text, this.file.escaping);
      // Form values are judged as typed, before escaping could hide a line break.
      const judged = 'raw' in change ? after : { ...current.values, ...change.values };
      const errors = checkConfigChanges(this.file, current.values, judged);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors, 'Some values are not accepted by the game.');
      const changed = changedKeys(current.values, after);
      if (changed.length > 0 || ('raw' in change && text !== current.raw)) await this.files.writeFile(this.file.path, text);
      return { changed, after };
    });
  }
}
