import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { answerErrorsAsApiErrors } from './errors.ts';
import { OUTAGE_LOG_EVERY_MS } from './outage-log.ts';

/** What PostgreSQL's driver throws when the database is down, and a plain bug. */
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

test('a 503 unavailable during a storage outage is a warning, told once a minute with the count since; a real 500 stays an error', async () => {
  const lines: { level: number; msg: string; refusedSince?: number }[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  let now = 1_000_000;
  const app = Fastify({ logger: { level: 'debug', stream } });
  answerErrorsAsApiErrors(app, { draining: false }, () => now);
  app.get('/down', async () => {
    throw refused();
  });
  app.get('/bug', async () => {
    throw new Error('a bug');
  });

  // A page polling through an outage: every request refused as retryable, one warning.
  for (let i = 0; i < 5; i++) {
    const response = await app.inject('/down');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: 'unavailable', retryAfter: 1 });
    now += 1000;
  }
  const warnings = () => lines.filter((l) => l.level === 40);
  expect(warnings()).toEqual([
    expect.objectContaining({ msg: expect.stringMatching(/^storage out of reach/), refusedSince: 0 }),
  ]);
  expect(lines.filter((l) => l.level === 20)).toHaveLength(4);
  expect(lines.some((l) => l.level >= 50)).toBe(false);

  // A minute on, still out: one more warning, with how many were refused meanwhile.
  now += OUTAGE_LOG_EVERY_MS;
  expect((await app.inject('/down')).statusCode).toBe(503);
  expect(warnings().map((l) => l.refusedSince)).toEqual([0, 4]);

  // A fault of the server is still an error, each time.
  for (let i = 0; i < 2; i++) {
    const response = await app.inject('/bug');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: 'internal' });
  }
  expect(lines.filter((l) => l.level === 50).map((l) => l.msg)).toEqual(['request failed', 'request failed']);
  await app.close();
});
