import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { games, serverTemplates, type ServerTemplateRow } from '../../db/schema';
import type { EggDefinition } from '../../games/eggs/EggDefinition';
import { eggToTemplate, guessGame } from '../../games/eggs/eggToTemplate';
import { EggFormatError, parseEgg } from '../../games/eggs/parseEgg';
import { gameNames, type GameSlug } from '../../games/templates';
import { ValidationError } from '../../lib/errors';
import { recordAudit, type Actor } from '../audit/audit';

export interface ImportEggInput {
  /** The egg file's text (JSON or YAML) or its parsed document. */
  egg: string | Record<string, unknown>;
  /** Where it was fetched from (null: uploaded). */
  url: string | null;
  /** The game it is for (the theme and the plans its servers use); guessed from the egg when absent. */
  game?: string;
}

/** Who imports, for the audit log (an admin key or the CLI). */
export type ImportActor = Actor & { via: string };

/** What identifies an egg across imports: Pelican's uuid, else the address it came from, else author and name. */
function sourceKeyOf(egg: EggDefinition, url: string | null): string {
  if (egg.uuid) return `uuid:${egg.uuid}`;
  if (url) return `url:${url}`;
  return `name:${egg.author}/${egg.name}`.slice(0, 512);
}

const slugBase = (name: string) =>
  `egg-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 36) || 'template'
  }`;

async function freeSlug(db: Database, name: string): Promise<string> {
  const base = slugBase(name);
  const taken = new Set(
    (
      await db
        .select({ slug: serverTemplates.slug })
        .from(serverTemplates)
        .where(sql`${serverTemplates.slug} like ${`${base}%`}`)
    ).map((row) => row.slug),
  );
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug)) return slug;
  }
}

/** What importing an egg would write: the template's row values, and the earlier import it would update. */
interface PlannedImport {
  egg: EggDefinition;
  existing: ServerTemplateRow | undefined;
  slug: string;
  sourceKey: string;
  values: Omit<ServerTemplateRow, 'id' | 'slug' | 'sourceKey' | 'imageMap' | 'createdAt'>;
  game: GameSlug;
}

/** Reads the egg and works out the template it makes, without writing anything (the preview and the import share it, so they answer the same 422s). */
async function planImport(db: Database, input: ImportEggInput): Promise<PlannedImport> {
  let egg: EggDefinition;
  try {
    egg = await parseEgg(input.egg);
  } catch (error) {
    if (error instanceof EggFormatError) throw new ValidationError(error.errors, 'The egg cannot be read.');
    throw error;
  }
  if (input.game !== undefined && !(input.game in gameNames)) throw new ValidationError({ game: [`Unknown game; known: ${Object.keys(gameNames).join(', ')}`] });
  const sourceKey = sourceKeyOf(egg, input.url);
  const [existing] = await db.select().from(serverTemplates).where(eq(serverTemplates.sourceKey, sourceKey));
  const [current] = existing ? await db.select({ slug: games.slug }).from(games).where(eq(games.id, existing.gameId)) : [];
  const game = (input.game ?? current?.slug ?? guessGame(egg)) as GameSlug | null;
  if (!game) throw new ValidationError({ game: ['Say which game this egg is for (the theme and plans its servers use).'] });
  const [gameRow] = await db.select({ id: games.id }).from(games).where(eq(games.slug, game));
  const slug = existing?.slug ?? (await freeSlug(db, egg.name));
  const values = {
    gameId: gameRow.id,
    name: egg.name,
    description: egg.description,
    definition: eggToTemplate(egg, slug, game) as unknown as Record<string, unknown>,
    source: { kind: 'egg' as const, format: egg.format, url: input.url, author: egg.author, importedAt: new Date().toISOString() },
    egg: egg as unknown as Record<string, unknown>,
    updatedAt: new Date(),
  };
  return { egg, existing, slug, sourceKey, values, game };
}

/**
 * What importing the egg would make, written nowhere: the template as the import would answer it
 * (an unsaved one has id 0) and whether it would be new or update an earlier import. The same
 * 422s as the import.
 */
export async function previewEgg(db: Database, input: ImportEggInput): Promise<{ row: ServerTemplateRow; game: string; created: boolean }> {
  const { existing, slug, sourceKey, values, game } = await planImport(db, input);
  const row: ServerTemplateRow = { ...(existing ?? { id: 0, imageMap: {}, createdAt: new Date() }), ...values, slug, sourceKey };
  return { row, game, created: !existing };
}

/**
 * Imports an egg as a template, or updates the template an earlier import of the same egg made
 * (same uuid, address, or author and name): its slug, image mapping and servers stay, and the
 * servers keep their variable values. Unreadable eggs are refused with a 422 naming each field.
 */
export async function importEgg(db: Database, input: ImportEggInput, actor: ImportActor): Promise<{ row: ServerTemplateRow; created: boolean }> {
  const { egg, existing, slug, sourceKey, values } = await planImport(db, input);
  const [row] = existing
    ? await db.update(serverTemplates).set(values).where(eq(serverTemplates.id, existing.id)).returning()
    : await db
        .insert(serverTemplates)
        .values({ ...values, slug, sourceKey })
        .returning();
  await recordAudit(db, {
    actorId: actor.userId,
    event: existing ? 'template.updated' : 'template.imported',
    ip: actor.ip,
    properties: { template: row.slug, name: egg.name, format: egg.format, url: input.url, via: actor.via },
  });
  return { row, created: !existing };
}

/** Sets the images the host runs instead of the ones the template names (an empty target removes a mapping). */
export async function mapTemplateImages(db: Database, row: ServerTemplateRow, map: Record<string, string>, actor: ImportActor): Promise<ServerTemplateRow> {
  const errors: Record<string, string[]> = {};
  const next = { ...row.imageMap };
  for (const [from, to] of Object.entries(map)) {
    if (!/^[\w][\w.\-/:@]{0,254}$/.test(from)) errors[`images.${from}`] = ['Not an image name'];
    else if (to === '') delete next[from];
    else if (!/^[\w][\w.\-/:@]{0,254}$/.test(to)) errors[`images.${from}`] = ['Not an image name'];
    else next[from] = to;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const [updated] = await db.update(serverTemplates).set({ imageMap: next, updatedAt: new Date() }).where(eq(serverTemplates.id, row.id)).returning();
  await recordAudit(db, { actorId: actor.userId, event: 'template.images-mapped', ip: actor.ip, properties: { template: row.slug, images: map, via: actor.via } });
  return updated;
}
