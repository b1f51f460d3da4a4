import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverExtensions, type ServerExtensionRow } from '../../db/schema';
import type { Release } from './sources';

/** The panel's records of the files it installed on a server, by the SHA-512 of their content. */
export async function recordsByHash(db: Database, serverId: number, sha512s: string[]): Promise<ServerExtensionRow[]> {
  if (sha512s.length === 0) return [];
  return db
    .select()
    .from(serverExtensions)
    .where(and(eq(serverExtensions.serverId, serverId), inArray(serverExtensions.sha512, sha512s)));
}

/** Records installed files (by content), so the extensions page recognises them without asking a catalogue. */
export async function recordInstalled(db: Database, serverId: number, placed: { release: Release; sha512: string }[]): Promise<void> {
  for (const { release, sha512 } of placed) {
    const known = {
      provider: release.provider,
      projectId: release.projectId,
      projectName: release.name,
      versionId: release.versionId,
      versionNumber: release.versionNumber,
      iconUrl: release.iconUrl,
    };
    await db
      .insert(serverExtensions)
      .values({ serverId, sha512, ...known })
      .onConflictDoUpdate({ target: [serverExtensions.serverId, serverExtensions.sha512], set: { ...known, installedAt: new Date() } });
  }
}

/** Forgets the record of a file that is gone (removed or replaced by an update). */
export async function forgetInstalled(db: Database, serverId: number, sha512: string): Promise<void> {
  await db.delete(serverExtensions).where(and(eq(serverExtensions.serverId, serverId), eq(serverExtensions.sha512, sha512)));
}
