import { expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { testPostgres } from '../test/postgres.ts';
import { joinRoom, openRoom } from '../test/rooms.ts';

/*
 * Downtime in cluster mode, on a real PostgreSQL with one injected clock for every process: a
 * process restarting while another runs credits nothing; the first start after a whole-cluster
 * outage credits it once to daily and practice clocks; a race's gap is credited by its takeover
 * alone. The heartbeat's timer is set far beyond the test (a tick of a minute): a live process's
 * beat and lease renewal are made by hand, as the failover test ticks leases by hand.
 */

const MINUTE = 60_000;
const TICK_MS = MINUTE;
const postgres = testPostgres('outage');
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);

const start = (nodeId: string) =>
  startServer({
    databaseUrl: postgres.url,
    nodeId,
    now: () => clock,
    deals: fixedDeals,
    countdownMs: 0,
    absentGraceMs: 3_600_000,
    downtimeTickMs: TICK_MS,
    lease: { leaseMs: 5000, renewMs: 0 },
  });

/** How long each of Alice's clocks has run, as a process now serving them says. */
async function elapsed(server: RunningServer, cookie: string, gameIds: string[], code: string) {
  const client = await TestClient.connect(server.wsUrl, cookie);
  const games: number[] = [];
  for (const gameId of gameIds) {
    client.send({ type: 'game-resume', gameId });
    games.push((await client.next('game', (f) => f.game.gameId === gameId)).game.elapsedMs);
  }
  const { race } = await joinRoom(client, code);
  client.socket.close();
  return { games, race: clock - race!.startsAt };
}

test('a restart while another process runs credits nothing; the first start after a whole-cluster outage credits it once', async () => {
  let a = await start('node-a');
  let b = await start('node-b');
  const alice = await signUp(a.url, 'Outage Olga');
  const client = await TestClient.connect(a.wsUrl, alice.cookie);
  client.send({ type: 'daily-join' });
  const daily = (await client.next('game')).game;
  client.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  const practice = (await client.next('game', (f) => f.game.kind === 'practice')).game;
  const code = await openRoom(client);
  const bob = await signUp(a.url, 'Outage Oleg');
  const bobClient = await TestClient.connect(a.wsUrl, bob.cookie);
  await joinRoom(bobClient, code);
  client.send({ type: 'room-start', code });
  const race = (await client.next('game', (f) => f.game.kind === 'race')).game;
  client.socket.close();
  bobClient.socket.close();
  const ids = [daily.gameId, practice.gameId, race.gameId];
  clock += MINUTE;
  const before = await elapsed(a, alice.cookie, ids, code);
  expect(before).toEqual({ games: [MINUTE, MINUTE, MINUTE], race: MINUTE });

  // node-b is down ten minutes while node-a serves (and beats): nobody's clock stops.
  await b.close();
  clock += 10 * MINUTE;
  // What node-a's timers do meanwhile: beat, and renew its lease on the room.
  await a.app.services.repos.outage.beat(clock);
  await a.app.services.hub.tickLeases();
  b = await start('node-b');
  expect(await elapsed(a, alice.cookie, ids, code)).toEqual({
    games: [11 * MINUTE, 11 * MINUTE, 11 * MINUTE],
    race: 11 * MINUTE,
  });

  // The whole cluster is down an hour: node-a's start credits it, node-b's finds a fresh beat.
  await a.close();
  await b.close();
  clock += 60 * MINUTE;
  a = await start('node-a');
  clock += MINUTE;
  b = await start('node-b');
  // The race is taken over by node-a at its start (its lease lapsed in the outage) and credited
  // there, from its last renewal: once, not also as outage.
  expect(await elapsed(a, alice.cookie, ids, code)).toEqual({
    games: [12 * MINUTE, 12 * MINUTE, 12 * MINUTE],
    race: 12 * MINUTE,
  });
  await a.close();
  await b.close();
});
