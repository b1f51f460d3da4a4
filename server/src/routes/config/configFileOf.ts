import type { FastifyInstance } from 'fastify';
import type { ServerRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { ConfigFileEditor } from '../../config-files/ConfigFileEditor';
import type { ConfigFileDeclaration } from '../../config-files/ConfigFieldSpec';
import { declaredConfigFiles, findConfigFile, templateOfServer } from '../../config-files/declaredConfigFiles';

/**
 * The declared config file at `path` of a server with its editor; 404 for any other path, so the
 * config area never becomes a way to read or write arbitrary files.
 */
export async function configFileOf(app: FastifyInstance, server: ServerRow, path: string): Promise<{ file: ConfigFileDeclaration; editor: ConfigFileEditor }> {
  const template = await templateOfServer(app.db, server);
  const file = template ? findConfigFile(declaredConfigFiles(template), path) : undefined;
  if (!file) throw notFound('Config file');
  return {
    file,
    editor: new ConfigFileEditor(app.runtime.driver.files(server.uuid), file),
  };
}
