import { lineEndingOf, withLineEndings } from '../../lib/properties';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import { ValidationError } from '../../lib/errors';
import type { ConfigFileDeclaration } from '../../games/config-files/ConfigFieldSpec';
import { changedKeys, checkConfigChanges } from '../../games/config-files/checkConfigChanges';
import { configFieldsOf, type ConfigField } from '../../games/config-files/configFields';
import { configFormatOf, type ConfigFormat } from '../../games/config-files/formats';

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
 * Reads and changes one declared config file of a server through its file port: the
 * form's values are set in place (comments, order and unknown keys kept), raw text is checked the
 * same way, and the file is replaced atomically only when every changed value is acceptable.
 * Either way the file keeps its line breaks (`\r\n` or `\n`).
 */
export class ConfigFileEditor {
  private readonly format: ConfigFormat;

  /**
   * `managedValues` are the values the panel writes before the next start (shown for a key the
   * file lacks); `serverKey` names the server, so saves of its file wait for each other.
   */
  constructor(
    private readonly files: ServerFiles,
    private readonly file: ConfigFileDeclaration,
    private readonly managedValues: Record<string, string> = {},
    private readonly serverKey = '',
  ) {
    this.format = configFormatOf(file);
  }

  /** The file as it is; a missing one reads as its declared initial text (what the game would write first). */
  async read(): Promise<ConfigFileContent> {
    const exists = (await this.files.stat(this.file.path)) !== null;
    const raw = exists ? (await this.files.readFile(this.file.path)).toString('utf8') : '';
    const values = this.format.parse(this.baseOf(exists, raw));
    // Until the file has content, managed keys show what the panel writes at the next start, not the initial text's.
    const fresh = !exists || raw.trim() === '';
    return { raw, exists, values, fields: configFieldsOf(this.file, values, this.managedValues, fresh) };
  }

  /** The text changes start from: the file, or its initial text while it is missing or blank (the game leaves an empty one). */
  private baseOf(exists: boolean, raw: string): string {
    return exists && raw.trim() !== '' ? raw : (this.file.initial ?? raw);
  }

  /** Per-field messages for form values the format would not read back as typed (a value that breaks the line's syntax). */
  private unreadable(values: Record<string, string>, after: Record<string, string>): Record<string, string[]> {
    const errors: Record<string, string[]> = {};
    // Surrounding spaces and the case of true/false are the file's own business.
    const same = (a: string | undefined, b: string) => a !== undefined && (a.trim() === b.trim() || (/^(true|false)$/i.test(b.trim()) && a.trim().toLowerCase() === b.trim().toLowerCase()));
    for (const [key, value] of Object.entries(values)) {
      const stored = after[this.file.format === 'rust-cfg' ? key.toLowerCase() : key];
      if (!same(stored, value)) errors[`values.${key}`] = ['This value cannot be written to the file as it is.'];
    }
    return errors;
  }

  /** `raw` with the line breaks of the file as it is (a new file keeps those of `raw`). */
  private keepLineEndings(current: ConfigFileContent, raw: string): string {
    return current.exists && /\n/.test(current.raw) ? withLineEndings(raw, lineEndingOf(current.raw)) : raw;
  }

  /** Applies the change; throws a ValidationError (422, `values.<key>`) and writes nothing when a value is refused. */
  save(change: ConfigChange): Promise<ConfigSaveResult> {
    return serialised(`${this.serverKey}\0${this.file.path}`, async () => {
      const current = await this.read();
      const base = this.baseOf(current.exists, current.raw);
      const specs = new Map(this.file.fields.map((field) => [field.key, field]));
      // A browser's text box sends `\n` only: raw text is written with the file's own line breaks.
      const text = 'raw' in change ? this.keepLineEndings(current, change.raw) : this.format.update(base, change.values, specs);
      const after = this.format.parse(text);
      // Form values are judged as typed, before escaping could hide a line break.
      const judged = 'raw' in change ? after : { ...current.values, ...change.values };
      const errors = checkConfigChanges(this.file, current.values, judged);
      if (Object.keys(errors).length === 0 && 'values' in change) Object.assign(errors, this.unreadable(change.values, after));
      if (Object.keys(errors).length > 0) throw new ValidationError(errors, 'Some values are not accepted by the game.');
      const changed = changedKeys(current.values, after);
      if (changed.length > 0 || ('raw' in change && text !== current.raw)) await this.files.writeFile(this.file.path, text);
      return { changed, after };
    });
  }
}
