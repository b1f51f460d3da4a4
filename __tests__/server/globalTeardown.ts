import { POSTGRES_TEMPLATE_ENV } from './globalSetup';
import { onPostgres } from './helpers/postgresAdmin';

/** Drops the PostgreSQL template database the global set-up made (nothing to do on PGlite). */
export default async function globalTeardown(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  if (!url || !template) return;
  await onPostgres(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
}
