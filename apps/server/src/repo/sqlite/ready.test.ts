import { expect, test } from 'vitest';
import { openDb } from '../../db/open.ts';
import { latestMigration, readiness } from './ready.ts';

test('readiness: the database answers and holds the newest migration, or 503 says which is wrong', async () => {
  const latest = latestMigration();
  const opened = openDb(':memory:');
  expect(readiness(opened.sqlite, latest)).toEqual({ ok: true });

  opened.sqlite.prepare('DELETE FROM __drizzle_migrations WHERE hash = ?').run(latest.hash);
  expect(readiness(opened.sqlite, latest)).toMatchObject({ ok: false, reason: /latest migration/ });
  opened.sqlite.exec('DROP TABLE __drizzle_migrations');
  expect(readiness(opened.sqlite, latest)).toMatchObject({ ok: false, reason: /migrations unreadable/ });

  await opened.close();
  expect(readiness(opened.sqlite, latest)).toMatchObject({ ok: false, reason: /database unavailable/ });
});
