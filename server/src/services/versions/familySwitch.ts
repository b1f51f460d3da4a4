import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverTemplates } from '../../db/schema';
import { ValidationError } from '../../lib/errors';

/**
 * The id of the template a family switch reinstalls the server into (flying-squid ↔ the Java
 * server software). 422 when this panel does not offer that template.
 */
export async function familyTemplateId(db: Database, slug: string | null): Promise<number> {
  const [row] = slug ? await db.select({ id: serverTemplates.id }).from(serverTemplates).where(eq(serverTemplates.slug, slug)) : [];
  if (!row) throw new ValidationError({ software: ['This panel does not offer the server type that runs this software.'] });
  return row.id;
}
