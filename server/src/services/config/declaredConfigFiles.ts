import type { Database } from '../../db/client';
import type { ServerRow } from '../../db/schema';
import type { TemplateDefinition } from '../../games/templates';
import { loadServerTemplate } from '../templates/templateOfRow';
import type { ConfigFileDeclaration } from '../../games/config-files/ConfigFieldSpec';

/** The config files a template declares, with their field catalogues and the keys the panel owns. */
export function declaredConfigFiles(template: TemplateDefinition): ConfigFileDeclaration[] {
  return template.configFiles.map((file) => ({
    path: file.path,
    format: file.format,
    escaping: file.escaping ?? 'java',
    title: file.title ?? file.path,
    fields: file.fields ?? [],
    managed: Object.keys(file.managed),
    ...(file.initial !== undefined ? { initial: file.initial } : {}),
    ...(file.rewrittenOnStop ? { rewrittenOnStop: true } : {}),
  }));
}

/** The template a server was created from (undefined when this panel no longer has it). */
export async function templateOfServer(db: Database, server: ServerRow): Promise<TemplateDefinition | undefined> {
  return loadServerTemplate(db, server);
}

/** The declared config file at `path` (a leading slash is ignored), or undefined. */
export function findConfigFile(files: readonly ConfigFileDeclaration[], path: string): ConfigFileDeclaration | undefined {
  const wanted = path.replace(/^\/+/, '');
  return files.find((file) => file.path === wanted);
}
