import { expect, test } from 'vitest';
import { signUp, TestClient } from '../../test/client.ts';
import { fixedDeals, WINNING } from '../../test/deals.ts';
import { type RunningServer, startServer } from '../../test/helper.ts';
import { testPostgres } from '../../test/postgres.ts';
import { joinRoom, openRoom } from '../../test/rooms.ts';

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

/**
 * What a live process's timers do while `ms` pass: beat, and renew its leases every 4 s, within
 * their 5 s (a lease not renewed in time lapses, and is claimed again with its gap credited).
 */
async function serve(server: RunningServer, ms: number) {
  for (let left = ms; left > 0; left -= 4000) {
    clock += Math.min(4000, left);
    await server.app.repos.outage.beat(server.app.nodeId!, clock);
    await server.app.hub.tickLeases();
  }
}

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
  await serve(a, MINUTE);
  const before = await elapsed(a, alice.cookie, ids, code);
  expect(before).toEqual({ games: [MINUTE, MINUTE, MINUTE], race: MINUTE });

  // node-b is down two minutes while node-a serves (and beats): nobody's clock stops.
  await b.close();
  await serve(a, 2 * MINUTE);
  b = await start('node-b');
  expect(await elapsed(a, alice.cookie, ids, code)).toEqual({
    games: [3 * MINUTE, 3 * MINUTE, 3 * MINUTE],
    race: 3 * MINUTE,
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
    games: [4 * MINUTE, 4 * MINUTE, 4 * MINUTE],
    race: 4 * MINUTE,
  });
  await a.close();
  await b.close();
}, 60_000);

test('PostgreSQL stopped, then crashed, under a race: actions are refused as retryable naming their game, nothing refused is stored, and the owner keeps the room with each outage credited', async () => {
  const a = await start('node-c');
  const alice = await signUp(a.url, 'Outage Olive');
  const bob = await signUp(a.url, 'Outage Otto');
  const client = await TestClient.connect(a.wsUrl, alice.cookie);
  const code = await openRoom(client);
  const bobClient = await TestClient.connect(a.wsUrl, bob.cookie);
  await joinRoom(bobClient, code);
  client.send({ type: 'room-start', code });
  let game = (await client.next('game', (f) => f.game.kind === 'race')).game;
  const startedAt = clock;
  await serve(a, 8000);
  game = await client.play(game, WINNING.moves.slice(0, 2));
  const owner = async () =>
    (await postgres.admin.query('SELECT node_id, epoch FROM room_owners WHERE code = $1', [code])).rows[0];
  let epoch = (await owner()).epoch as number;
  let down = 0;

  for (const how of ['stop', 'crash'] as const) {
    // 8 s without the database: the lease (5 s) lapses while nobody can store a move.
    await postgres.down(how);
    const outageAt = clock;
    clock += 1500;
    await expect(a.app.hub.tickLeases()).rejects.toThrow();
    const move = { type: 'move', gameId: game.gameId, expect: game.seq, move: WINNING.moves[game.seq]! } as const;
    const refused = await client.act(move);
    expect(refused).toMatchObject({
      type: 'error',
      code: 'unavailable',
      gameId: game.gameId,
      ref: 'move',
      retryAfter: 1,
    });
    clock += 6500;
    await postgres.up();
    const downMs = clock - outageAt;
    // The owner's next tick claims the room again under a new epoch, crediting the outage.
    await a.app.hub.tickLeases();
    const now = await owner();
    expect(now).toEqual({ node_id: 'node-c', epoch: epoch + 1 });
    epoch = now.epoch;
    // The refused move was not stored; sent again as it was, it is acknowledged.
    game = await client.play(game, [move.move]);
    const stored = await postgres.admin.query('SELECT seq FROM actions WHERE game_id = $1 ORDER BY seq', [game.gameId]);
    expect(stored.rows.map((r) => r.seq)).toEqual([...Array(game.seq).keys()]);
    // Only the time in play is on the race's clock: the outage is not.
    down += downMs;
    const peek = await TestClient.connect(a.wsUrl, alice.cookie);
    const { race } = await joinRoom(peek, code);
    await peek.close();
    expect(Math.abs(clock - race!.startsAt - (clock - startedAt - down))).toBeLessThan(1000);
    await serve(a, 4000);
  }
  await client.close();
  await bobClient.close();
  await a.close();
}, 60_000);
