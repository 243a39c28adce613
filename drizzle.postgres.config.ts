// The PostgreSQL schema of cluster mode (DATABASE_URL), beside the SQLite one in drizzle.config.ts.
// Generate a migration after changing it: pnpm --filter @scorpion/server db:generate
export default {
  dialect: 'postgresql',
  schema: './apps/server/src/db/pg-schema.ts',
  out: './drizzle/postgres',
  strict: true,
  verbose: true,
};
