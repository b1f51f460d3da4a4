import type { Database } from '../../db/client';
import type { ServerRow } from '../../db/schema';
import type { ConfigFileDeclaration } from '../../games/config-files/ConfigFieldSpec';
import { isSecretKey } from '../../games/config-files/configFields';
import { HttpError, notFound, ValidationError } from '../../lib/errors';
import { recordAudit, type Actor } from '../audit/audit';
import type { RuntimeManager } from '../servers/RuntimeManager';
import { loadServerContext, specOf } from '../servers/loadServerContext';
import { ConfigFileEditor } from './ConfigFileEditor';
import { declaredConfigFiles, findConfigFile, templateOfServer } from './declaredConfigFiles';

export interface ConfigFileServiceOptions {
  db: Database;
  runtime: RuntimeManager;
}

/** A change to a config file: the values of some keys, or the whole text. */
export interface ConfigFileChange {
  values?: Record<string, string>;
  raw?: string;
}

/**
 * The config files a server's template declares: opened with their editor, and saved (checked,
 * refused while the game would write the file back, audited with the new values of keys that
 * hold no secret).
 */
export class ConfigFileService {
  constructor(private readonly options: ConfigFileServiceOptions) {}

  /** The values the panel writes into `path` before the next start (from the server's ports and startup settings). */
  private async managedValuesOf(server: ServerRow, path: string): Promise<Record<string, string>> {
    try {
      const spec = specOf(await loadServerContext(this.options.db, server), { root: '', node: '', launchers: '' });
      return spec.managedConfig.find((config) => config.path === path)?.values ?? {};
    } catch {
      // A server without a port or plan still shows its file; managed keys then show the file's value or the default.
      return {};
    }
  }

  /**
   * The declared config file at `path` of a server with its editor; 404 for any other path, so the
   * config area never becomes a way to read or write arbitrary files.
   */
  async open(server: ServerRow, path: string): Promise<{ file: ConfigFileDeclaration; editor: ConfigFileEditor }> {
    const template = await templateOfServer(this.options.db, server);
    const file = template ? findConfigFile(declaredConfigFiles(template), path) : undefined;
    if (!file) throw notFound('Config file');
    const managed = file.managed.length > 0 ? await this.managedValuesOf(server, file.path) : {};
    return {
      file,
      editor: new ConfigFileEditor(this.options.runtime.files(server.uuid), file, managed, server.uuid),
    };
  }

  /** Saves form values or the raw text of a config file and records the change; answers whether a restart is needed to apply it. */
  async save(server: ServerRow, path: string, { values, raw }: ConfigFileChange, actor: Actor): Promise<{ restart_required: boolean }> {
    if ((values === undefined) === (raw === undefined))
      throw new ValidationError({
        values: ['Send either the values to change or the whole text (raw).'],
      });
    const { file, editor } = await this.open(server, path);
    const runtime = this.options.runtime;
    if (file.rewrittenOnStop && runtime.state(server.uuid) !== 'offline')
      throw new HttpError(409, 'The game writes this file back when it stops, which would undo the change: stop the server first, then save.');
    const { changed, after } = await editor.save(raw !== undefined ? { raw } : { values: values! });
    if (changed.length > 0) {
      const specs = new Map(file.fields.map((field) => [field.key, field]));
      // Which keys changed, and the new values of those that hold no secret (never rcon.password's).
      const shown = changed.filter((key) => !isSecretKey(specs.get(key), key) && after[key] !== undefined);
      await recordAudit(this.options.db, {
        actorId: actor.userId,
        serverUuid: server.uuid,
        event: 'server.config.updated',
        ip: actor.ip,
        properties: {
          file: file.path,
          keys: changed,
          values: Object.fromEntries(shown.map((key) => [key, after[key]])),
          editor: raw !== undefined ? 'raw' : 'form',
        },
      });
    }
    const running = runtime.state(server.uuid) !== 'offline';
    return { restart_required: running && changed.length > 0 };
  }
}
