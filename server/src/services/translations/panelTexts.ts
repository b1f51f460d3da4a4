import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { mailLanguage, type MailTranslate } from '../mail/mailTranslator';

/**
 * Texts the panel writes on a customer's behalf (the names of the backups it makes), in that
 * customer's language, from the web app's dictionaries. What it names is kept as the customer
 * would have typed it: a backup's name is the customer's own text afterwards (they may rename it).
 */
export async function textsFor(db: Database, userId: number | null): Promise<MailTranslate> {
  const [row] = userId === null ? [] : await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return (await mailLanguage(row?.language ?? 'en')).t;
}

/** What a job that changes the software is about, for the name of the backup made before it. */
export interface BackupSubject {
  /** A setup's name, when a setup is applied. */
  setup?: string;
  /** A modpack and its version, when a modpack is installed. */
  label?: string;
  /** The software's name and version otherwise. */
  target: string;
}

/** The name of the backup made before a version switch, setup or modpack install. */
export function backupNameBefore(t: MailTranslate, subject: BackupSubject): string {
  if (subject.label) return t('panel.backupBefore.modpack', 'Before installing the modpack {{label}}', { label: subject.label });
  if (subject.setup) return t('panel.backupBefore.setup', 'Before setup "{{setup}}"', { setup: subject.setup });
  return t('panel.backupBefore.switch', 'Before switching to {{target}}', { target: subject.target });
}

/** The name of the backup made before a reinstall, in the customer's language. */
export function backupNameBeforeReinstall(t: MailTranslate): string {
  return t('panel.backupBefore.reinstall', 'Before reinstalling');
}
