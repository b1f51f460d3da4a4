import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openTestDatabase } from '../helpers/testDatabase';
import { waitFor } from '../helpers/waitFor';

// Only PostgreSQL has connections to lose; PGlite runs inside the process.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('a pooled PostgreSQL connection lost while idle', () => {
  it('is reported to the listener, and the next query opens a new connection', async () => {
    const database = await openTestDatabase();
    try {
      const lost: Error[] = [];
      database.onConnectionLost((error) => lost.push(error));
      const { rows } = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };

      // What a PostgreSQL restart or an administrator's pg_terminate_backend does to the idle client.
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [rows[0].name]);
      } finally {
        await admin.end();
      }

      await waitFor(() => lost.length > 0, { what: 'the lost connection reported' });
      expect((lost[0] as Error & { code?: string }).code).toBe('57P01');
      const again = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      expect(again.rows[0].one).toBe(1);
    } finally {
      await database.close();
    }
  });
});
