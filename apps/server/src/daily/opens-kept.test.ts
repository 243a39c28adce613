import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { deviceCookie } from '../test/http.ts';
import { openedOnSharedDevice } from './flag-verdict.ts';

/* Where players opened a day's deal (address and device) is kept a week after that day, then forgotten by the server's own chores. */
const DAY = '2026-06-02';
let clock = Date.parse(`${DAY}T08:00:00Z`);
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, now: () => clock });
});
afterAll(() => server.close());

test("a day's openings stay for a week after it, then closing past days forgets them", async () => {
  const { repos, daily } = server.app;
  const [home, spare] = [await signUp(server.url, 'home'), await signUp(server.url, 'spare')];
  const device = await deviceCookie(server.url);
  for (const { cookie } of [home, spare]) {
    const client = await TestClient.connect(server.wsUrl, `${cookie}; ${device}`);
    client.send({ type: 'daily-join' });
    await client.next('game');
    client.close();
  }
  const until = clock;
  expect(await openedOnSharedDevice(repos.daily, DAY, home.id, until)).toBe(true);

  clock = Date.parse('2026-06-09T12:00:00Z');
  await daily.closePastDays();
  expect(await openedOnSharedDevice(repos.daily, DAY, home.id, until)).toBe(true);

  clock = Date.parse('2026-06-10T00:00:00Z');
  await daily.closePastDays();
  expect(await openedOnSharedDevice(repos.daily, DAY, home.id, until)).toBe(false);
});
