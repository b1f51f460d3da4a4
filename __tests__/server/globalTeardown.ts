import { POSTGRES_TEMPLATE_ENV } from './globalSetup';
import { onPostgres } from './helpers/postgresAdmin';
import { stopTestDockerEngine } from './helpers/testDockerEngine';

/** Stops the run's Docker Engine and drops the PostgreSQL template database the global set-up made. */
export default async function globalTeardown(): Promise<void> {
  stopTestDockerEngine();
  const url = process.env.DATABASE_URL;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  if (!url || !template) return;
  await onPostgres(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
}
