/**
 * Whether PostgreSQL refused a write for a unique index (SQLSTATE 23505). drizzle wraps the
 * driver's error (`DrizzleQueryError`), so the code may sit on a cause.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && e.code === '23505') return true;
  }
  return false;
}
