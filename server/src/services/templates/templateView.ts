import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { games, serverTemplates, type ServerTemplateRow } from '../../db/schema';
import type { EggDefinition } from '../../games/eggs/EggDefinition';
import { notFound } from '../../lib/errors';
import type { TemplateJson } from '../../schemas/templates';
import { imagesOf, templateOfRow } from './templateOfRow';

/** What of an egg the panel keeps without applying it: the keys it does not use (file_denylist, config.logs …). */
function ignoredParts(egg: EggDefinition | null): string[] {
  if (!egg) return [];
  return Object.keys(egg.ignored).filter((key) => key !== '_comment' && key !== 'exported_at');
}

/** A template row as the admin API answers it. */
export function templateJson(row: ServerTemplateRow, game: string): TemplateJson {
  const template = templateOfRow(row);
  return {
    id: row.id,
    slug: row.slug,
    game,
    name: row.name,
    description: row.description,
    source: row.source ? { kind: 'egg', format: row.source.format, url: row.source.url, author: row.source.author, imported_at: row.source.importedAt } : null,
    startup: template?.startCommand ?? '',
    images: template ? imagesOf(template) : [],
    image_map: row.imageMap,
    variables: (template?.variables ?? []).map((variable) => ({
      env_variable: variable.key,
      name: variable.name,
      description: variable.description,
      default_value: variable.default,
      user_viewable: variable.userViewable ?? true,
      user_editable: variable.userEditable,
      rules: variable.rules ?? [`regex:/${variable.pattern}/`],
    })),
    ignored: ignoredParts(row.egg as EggDefinition | null),
  };
}

/** The template with this slug or id, with its game's slug; 404 when there is none. */
export async function requireTemplate(db: Database, identifier: string): Promise<{ row: ServerTemplateRow; game: string }> {
  const id = /^\d{1,9}$/.test(identifier) ? Number(identifier) : -1;
  const [found] = await db
    .select({ row: serverTemplates, game: games.slug })
    .from(serverTemplates)
    .innerJoin(games, eq(games.id, serverTemplates.gameId))
    .where(or(eq(serverTemplates.slug, identifier), eq(serverTemplates.id, id)));
  if (!found) throw notFound('Template');
  return found;
}

/** Every template, built-in first, as the admin API answers them. */
export async function listTemplateViews(db: Database): Promise<TemplateJson[]> {
  const rows = await db
    .select({ row: serverTemplates, game: games.slug })
    .from(serverTemplates)
    .innerJoin(games, eq(games.id, serverTemplates.gameId))
    .orderBy(sql`${serverTemplates.source} is not null`, serverTemplates.id);
  return rows.map(({ row, game }) => templateJson(row, game));
}
