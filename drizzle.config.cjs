/** drizzle-kit: `npm run db:generate` writes SQL migrations from server/src/db/schema. */
module.exports = {
  dialect: 'postgresql',
  schema: './server/src/db/schema/index.ts',
  out: './server/src/db/migrations',
};
