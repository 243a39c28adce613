/**
 * Whether PostgreSQL refused a write for a unique index (SQLSTATE 23505), that one index when
 * `index` is given. drizzle wraps the driver's error (`DrizzleQueryError`), so the code may sit on a cause.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && e.code === '23505') return index === undefined || ('constraint' in e && e.constraint === index);
  }
  return false;
}
