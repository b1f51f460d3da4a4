import pg from 'pg';

/** Runs statements on the PostgreSQL server of `url` over one short connection; answers the last one's rows. */
export async function onPostgres<Row extends object = Record<string, unknown>>(url: string, ...statements: string[]): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    let rows: Row[] = [];
    for (const statement of statements) rows = (await admin.query<Row>(statement)).rows;
    return rows;
  } finally {
    await admin.end();
  }
}

/** The address of another database on the same server. */
export function databaseUrl(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}
