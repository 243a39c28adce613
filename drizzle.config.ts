// drizzle-kit lives in apps/server; this file stays import-free so it loads from the root.
// Generate a migration after changing the schema: pnpm --filter @scorpion/server db:generate
export default {
  dialect: 'sqlite',
  schema: './apps/server/src/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
};
