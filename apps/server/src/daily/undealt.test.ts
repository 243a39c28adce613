import { ApiError, DailyInfo } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Certifier } from '../deals/certify.ts';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';

let server: RunningServer;
let clock = Date.UTC(2026, 5, 10, 12, 0, 0);
const certify = vi.fn<Certifier['certify']>(async () => ({ verdict: 'winnable', nodes: 0, ms: 0 }));

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, now: () => clock, certifier: { name: 'spy', certify } });
});
afterAll(() => server.close());

test('a past day never dealt is a 404 and sets nothing to work: no deal, no certification', async () => {
  for (const date of ['2026-06-09', '2026-01-01', '2026-03-15']) {
    const answer = await getJson(`${server.url}/api/daily/${date}`, ApiError);
    expect(answer).toEqual({ status: 404, body: { error: 'not-found', message: expect.any(String) } });
    expect(await server.app.repos.daily.get(date)).toBeUndefined();
  }
  expect(certify).not.toHaveBeenCalled();
});

test("today's deal is made on first sight; once its day is over it stays readable, with no new work", async () => {
  const today = await getJson(`${server.url}/api/daily/2026-06-10`, DailyInfo);
  expect(today).toMatchObject({ status: 200, body: { date: '2026-06-10', public: false, deck: null } });
  expect(certify).toHaveBeenCalledTimes(1);

  // A player joins over the socket: the same deal, no second certification.
  const a = await TestClient.connect(server.wsUrl, (await signUp(server.url, 'Early')).cookie);
  a.send({ type: 'daily-join' });
  expect((await a.next('game')).game.daily).toEqual({ date: '2026-06-10', day: 161 });
  await a.close();
  expect(certify).toHaveBeenCalledTimes(1);

  clock += 86_400_000;
  const yesterday = await getJson(`${server.url}/api/daily/2026-06-10`, DailyInfo);
  expect(yesterday).toMatchObject({ status: 200, body: { date: '2026-06-10', public: true } });
  expect(yesterday.body.deck).not.toBeNull();
  expect(certify).toHaveBeenCalledTimes(1);
  // The day before it was never dealt, and still is not.
  expect((await getJson(`${server.url}/api/daily/2026-06-09`, ApiError)).status).toBe(404);
  expect(certify).toHaveBeenCalledTimes(1);
});
