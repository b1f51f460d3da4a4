import pg from 'pg';
import { POSTGRES_TEMPLATE_ENV } from './globalSetup';

/** Drops the PostgreSQL template database the global set-up made (nothing to do on PGlite). */
export default async function globalTeardown(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  if (!url || !template) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  await admin.end();
}
