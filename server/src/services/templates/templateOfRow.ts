import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverTemplates, type ServerRow, type ServerTemplateRow } from '../../db/schema';
import { findTemplate, type TemplateDefinition } from '../../games/templates';
import type { TemplateImage } from '../../games/templates/TemplateDefinition';

/** The columns a template is read from. */
export const templateColumns = { slug: serverTemplates.slug, source: serverTemplates.source, definition: serverTemplates.definition, imageMap: serverTemplates.imageMap };
export type TemplateColumns = Pick<ServerTemplateRow, 'slug' | 'source' | 'definition' | 'imageMap'>;

/**
 * A template row as the panel runs it: built-in templates come from the code (their row mirrors
 * it), imported ones from the row itself (the egg read into the same shape).
 */
export function templateOfRow(row: TemplateColumns): TemplateDefinition | undefined {
  return row.source ? (row.definition as unknown as TemplateDefinition) : findTemplate(row.slug);
}

/** The images a template offers (a built-in one: its one image). */
export function imagesOf(template: TemplateDefinition): TemplateImage[] {
  return template.images?.length ? template.images : template.image ? [{ label: template.image, image: template.image }] : [];
}

/** The startup command a server runs: the named one it chose while the template still has it, else the template's first. */
export function startupCommandOf(template: TemplateDefinition, server: Pick<ServerRow, 'startupCommand'>): string {
  return template.startupCommands?.find((command) => command.name === server.startupCommand)?.command ?? template.startCommand;
}

/**
 * The template as one server runs it: the startup command and image the customer chose (when still
 * offered) or the defaults, and every image (install containers too) replaced by the host's own
 * where it maps one.
 */
export function templateForServer(row: TemplateColumns, server: Pick<ServerRow, 'image' | 'startupCommand'>): TemplateDefinition | undefined {
  const template = templateOfRow(row);
  if (!template) return undefined;
  const mapped = (image: string) => row.imageMap[image] ?? image;
  const chosen = imagesOf(template).find((offered) => offered.image === server.image)?.image ?? template.image;
  return {
    ...template,
    startCommand: startupCommandOf(template, server),
    ...(chosen ? { image: mapped(chosen) } : {}),
    install: template.install.map((step) => (step.type === 'egg-script' ? { ...step, container: mapped(step.container) } : step)),
  };
}

/** The template a server was created from, as it runs (undefined when this panel no longer has it). */
export async function loadServerTemplate(db: Database, server: ServerRow): Promise<TemplateDefinition | undefined> {
  const [row] = await db.select(templateColumns).from(serverTemplates).where(eq(serverTemplates.id, server.templateId));
  return row ? templateForServer(row, server) : undefined;
}
