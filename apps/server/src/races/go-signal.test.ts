import { afterAll, beforeAll, expect, test } from 'vitest';
import { fixedDeals } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { joinRoom, openRoom, players, roomWhere } from '../test/rooms.ts';

let server: RunningServer;

// The server's clock runs a little slower than the timers' clock, so a timer set for the end of
// the countdown fires before the server's clock gets there (as a Node timer may, by a hair).
const origin = Date.now();
beforeAll(async () => {
  server = await startServer({
    deals: fixedDeals,
    countdownMs: 150,
    now: () => Math.floor(origin + (Date.now() - origin) * 0.9),
  });
});
afterAll(() => server.close());

test('everyone hears "racing" when the countdown ends, even if the timer fires before the clock gets there', async () => {
  const [ann, bea] = await players(server, 'Ann', 'Bea');
  const code = await openRoom(ann!.client);
  await joinRoom(bea!.client, code);
  ann!.client.send({ type: 'room-start', code });
  await roomWhere(ann!.client, (r) => r.status === 'countdown');
  const racing = await Promise.all([ann!, bea!].map((p) => roomWhere(p.client, (r) => r.status === 'racing')));
  expect(racing.map((r) => r.race?.number)).toEqual([1, 1]);
  await Promise.all([ann!.client.close(), bea!.client.close()]);
});
