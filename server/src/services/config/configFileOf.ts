import type { FastifyInstance } from 'fastify';
import type { ServerRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { ConfigFileEditor } from './ConfigFileEditor';
import type { ConfigFileDeclaration } from '../../games/config-files/ConfigFieldSpec';
import { declaredConfigFiles, findConfigFile, templateOfServer } from './declaredConfigFiles';
import { loadServerContext, specOf } from '../servers/loadServerContext';

/** The values the panel writes into `path` before the next start (from the server's ports and startup settings). */
async function managedValuesOf(app: FastifyInstance, server: ServerRow, path: string): Promise<Record<string, string>> {
  try {
    const spec = specOf(await loadServerContext(app.db, server), { root: '', node: '', launchers: '' });
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
export async function configFileOf(app: FastifyInstance, server: ServerRow, path: string): Promise<{ file: ConfigFileDeclaration; editor: ConfigFileEditor }> {
  const template = await templateOfServer(app.db, server);
  const file = template ? findConfigFile(declaredConfigFiles(template), path) : undefined;
  if (!file) throw notFound('Config file');
  const managed = file.managed.length > 0 ? await managedValuesOf(app, server, file.path) : {};
  return {
    file,
    editor: new ConfigFileEditor(app.runtime.files(server.uuid), file, managed, server.uuid),
  };
}
