import { randomInt } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PanelConfig } from '../../config/PanelConfig';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../auth/passwords';
import { createUser } from '../auth/userAccounts';

export const DEMO_USERNAME = 'demo';
export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_CREDENTIALS_FILE = 'demo-credentials.txt';

const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random 20-character password (about 115 bits), easy to copy from a terminal. */
function randomPassword(): string {
  let out = '';
  for (let i = 0; i < 20; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

export interface DemoCredentials {
  username: string;
  email: string;
  password: string;
  /** Where the credentials were written (mode 0600). */
  file: string;
}

/** What the demo data is made with: the database, the config (demo data on or off, the data dir), the log. */
export interface DemoSeedContext {
  db: Database;
  config: Pick<PanelConfig, 'demoData' | 'dataDir'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * On the first start (demo data on, no account yet) creates the `demo` account, prints its login
 * once and writes it to <dataDir>/demo-credentials.txt for scripts and browser tests.
 * PANEL_DEMO_PASSWORD fixes the password. Answers null when nothing was created.
 */
export async function seedDemoAccount({ db, config, log }: DemoSeedContext, env: NodeJS.ProcessEnv = process.env): Promise<DemoCredentials | null> {
  if (!config.demoData) return null;
  const [{ total }] = await db.select({ total: count() }).from(users);
  if (total > 0) return null;

  const password = env.PANEL_DEMO_PASSWORD || randomPassword();
  if (password.length < 8 || password.length > 128) throw new Error('PANEL_DEMO_PASSWORD must be 8 to 128 characters long');
  await createUser(db, { username: DEMO_USERNAME, email: DEMO_EMAIL, passwordHash: await hashPassword(password) });

  const file = join(config.dataDir, DEMO_CREDENTIALS_FILE);
  writeFileSync(file, `username: ${DEMO_USERNAME}\nemail: ${DEMO_EMAIL}\npassword: ${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // mode above applies only when the file is new
  // Printed this once on purpose: it is the only way to learn the random password besides the file.
  log.info(`Demo account created. Log in as "${DEMO_USERNAME}" with password "${password}" (also in ${file}).`);
  return { username: DEMO_USERNAME, email: DEMO_EMAIL, password, file };
}
