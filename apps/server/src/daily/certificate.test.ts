import { DailyInfo, ServerMessage } from '@scorpion/protocol';
import { cardCode, newGame, replay } from '@scorpion/rules';
import { certifyDeal } from '@scorpion/solver';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { z } from 'zod';
import { CERTIFY_BUDGET, solverCertifier } from '../deals/solver-certifier.ts';
import { signUp, TestClient } from '../test/client.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';
import { DAILY_OPTIONS } from './deal.ts';

let server: RunningServer;
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeAll(async () => {
  // The real solver on the real secret deals, searching in this thread (no worker pool to start),
  // with the production node budget but no time limit: the same verdicts on a loaded machine.
  const inProcess = { certify: async (...args: Parameters<typeof certifyDeal>) => certifyDeal(...args) };
  const certifier = solverCertifier(inProcess, { ...CERTIFY_BUDGET, ms: 600_000 });
  server = await startServer({ now: () => clock, certifier });
});
afterAll(() => server.close());

const get = <S extends z.ZodType>(path: string, schema: S) => getJson(`${server.url}${path}`, schema);

/** A move object as the rules take it: none may reach a client while the day's deal is secret. */
const MOVE = /"kind":"(move|deal|reserve|foundation|unfoundation)"/;

test("today's deal is stored with the solver's certificate: a line that wins it, and its difficulty", async () => {
  const today = await get('/api/daily', DailyInfo);
  expect(today.status).toBe(200);
  const stored = (await server.app.repos.daily.get('2026-06-01'))!;
  expect(stored.certifiedBy).toBe('solver');
  expect(stored.line).not.toBeNull();
  expect(replay(newGame(stored.variant, DAILY_OPTIONS, stored.deck), stored.line!)).toMatchObject({
    ok: true,
    status: 'won',
  });
  expect(stored.difficulty!.stars).toBeGreaterThanOrEqual(1);
  expect(today.body).toMatchObject({
    public: false,
    seed: null,
    deck: null,
    solution: null,
    difficulty: { stars: stored.difficulty!.stars, label: expect.any(String) },
  });
});

test('no frame of a daily game carries the line, the deck or the seed; the line is published once the day is over', async () => {
  const stored = (await server.app.repos.daily.get('2026-06-01'))!;
  const line = stored.line!;
  const alice = await signUp(server.url, 'Certain Alice');
  const a = await TestClient.connect(server.wsUrl, alice.cookie);
  a.send({ type: 'daily-join' });
  const won = await a.play((await a.next('game')).game, line);
  expect(won).toMatchObject({ status: 'won', record: null, seed: null });

  const deck = JSON.stringify(stored.deck.map(cardCode));
  const today = JSON.stringify((await get('/api/daily', DailyInfo)).body);
  expect(a.frames.length).toBeGreaterThan(line.length);
  for (const text of [...a.frames, today]) {
    expect(text).not.toMatch(MOVE);
    expect(text).not.toContain(stored.seed);
    expect(text).not.toContain(deck);
  }
  // Strict schemas: a frame with a field they do not name (a `solution`, a `line`) fails here.
  for (const text of a.frames) ServerMessage.parse(JSON.parse(text));
  await a.close();

  clock += 86_400_000;
  const yesterday = await get('/api/daily/2026-06-01', DailyInfo);
  expect(yesterday.body).toMatchObject({
    public: true,
    seed: stored.seed,
    solution: line,
    difficulty: { stars: stored.difficulty!.stars },
  });
  const tomorrow = await get('/api/daily', DailyInfo);
  expect(tomorrow.body).toMatchObject({ date: '2026-06-02', public: false, solution: null, deck: null });
  expect(tomorrow.body.difficulty).not.toBeNull();
});

test('a deal stored before certificates were kept has no solution to publish and no rating', async () => {
  await server.app.repos.daily.put({
    date: '2026-05-01',
    day: 121,
    variant: 'scorpion',
    seed: 'ab'.repeat(16),
    deck: (await server.app.repos.daily.get('2026-06-01'))!.deck,
    candidate: 0,
    certifiedBy: 'solver',
    line: null,
    difficulty: null,
  });
  const old = await get('/api/daily/2026-05-01', DailyInfo);
  expect(old.body).toMatchObject({ public: true, seed: 'ab'.repeat(16), solution: null, difficulty: null });
});
