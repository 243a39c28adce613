import type { ClientMessage, GameSnapshot } from '@scorpion/protocol';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LEASE_MS } from '../../races/leases.ts';
import { signUp } from '../../test/client.ts';
import { WINNING } from '../../test/deals.ts';
import { RealCluster, type RoomSocket } from '../../test/real-cluster.ts';
import { createRoomOn, expectStoredOnce, raceRow, rejoin, startRace } from './race-steps.ts';

/*
 * Issue #38's proofs on real processes (`startCluster`: PostgreSQL, Redis, three servers from the
 * build, HAProxy), every socket through HAProxy, a race in play under each failure: PostgreSQL
 * stopped and crashed, Redis crashed, HAProxy restarted. Each outage is held for a fixed time on
 * the wall clock (nothing can hurry one); every verdict awaits a frame, an answer or a row, and
 * the figures are printed for docs/operations.md.
 */

let cluster: RealCluster;
const NODES = ['node-1', 'node-2', 'node-3'];

beforeAll(async () => {
  cluster = await RealCluster.start(3);
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
}, 60_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** A process's `/readyz` once it says `want` of Redis: ioredis notices a loss or a return by itself. */
async function redisSaid(node: string, want: 'up' | 'down'): Promise<number> {
  for (;;) {
    const ready = await fetch(`${cluster.nodeUrl(node)}/readyz`);
    const body = (await ready.json()) as { redis?: string };
    if (body.redis === want) return ready.status;
    await pause(50);
  }
}

/** A newcomer as the browser makes one, through HAProxy: signed up, a socket welcomed, a practice game dealt. */
async function newcomer(nickname: string): Promise<boolean> {
  const response = await fetch(`${cluster.url}/api/players`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname }),
  });
  if (response.status !== 201) return false;
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { client } = cluster.socket('', cookie);
  try {
    await client.next('welcome', () => true, 30_000);
    client.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
    await client.next('game', (f) => f.game.kind === 'practice', 30_000);
    return true;
  } catch {
    return false;
  } finally {
    await client.close();
  }
}

test('Redis crashed and held down 10 s under a race: every newcomer is admitted, every move acknowledged, and the processes use it again once it is back', async () => {
  const ivy = await signUp(cluster.url, 'Redis Ivy');
  const jon = await signUp(cluster.url, 'Redis Jon');
  const code = await createRoomOn(cluster, 'node-1', ivy.cookie);
  const i = await cluster.roomSocket(code, ivy.cookie);
  const j = await cluster.roomSocket(code, jon.cookie);
  let [game] = await startRace(code, i.client, j.client);
  game = await i.client.play(game, WINNING.moves.slice(0, 2));

  await cluster.redis.down('crash');
  const downAt = Date.now();
  // Each process says Redis is out, and stays in HAProxy's rotation.
  for (const node of NODES) expect(await redisSaid(node, 'down')).toBe(200);
  // Twice a second: a newcomer, and one of Ivy's moves (the line has enough for the 10 s).
  let tried = 0;
  let admitted = 0;
  while (Date.now() - downAt < 10_000) {
    const roundAt = Date.now();
    tried++;
    if (await newcomer(`Redis New ${tried}`)) admitted++;
    game = await i.client.play(game, [WINNING.moves[game.seq]]);
    await pause(500 - (Date.now() - roundAt));
  }
  // The quick-race queue lives in Redis: joining it is refused as retryable, naming no game.
  const kay = await signUp(cluster.url, 'Redis Kay');
  const queue = cluster.socket('', kay.cookie);
  await queue.client.next('welcome');
  queue.client.send({ type: 'queue-join', variant: 'scorpion', options: { foundations: false, open: false } });
  expect(await queue.client.next('error', (f) => f.ref === 'queue-join')).toMatchObject({
    code: 'unavailable',
    retryAfter: 1,
  });
  await queue.client.close();

  await cluster.redis.up();
  const upAt = Date.now();
  for (const node of NODES) expect(await redisSaid(node, 'up')).toBe(200);
  // The room's owner writes its players' set again at its next refresh (every 3 s): both racers.
  const redis = new Redis(cluster.redisUrl);
  try {
    for (const player of [ivy, jon]) {
      while ((await redis.sismember(`presence:node:${i.node}`, player.id)) === 0) await pause(100);
    }
  } finally {
    redis.disconnect();
  }
  console.log(
    `[proof] Redis crashed ${upAt - downAt} ms: ${admitted} of ${tried} newcomers admitted, ${game.seq - 2} moves acknowledged meanwhile; every process back on it ${Date.now() - upAt} ms after`,
  );
  expect(admitted).toBe(tried);
  await expectStoredOnce(cluster, game.gameId, WINNING.moves.slice(0, game.seq));
  await Promise.all([i.client.close(), j.client.close()]);
}, 120_000);

test('HAProxy stopped and started again under a race: the racers come back on their room and play on, nothing lost', async () => {
  const kim = await signUp(cluster.url, 'Proxy Kim');
  const lou = await signUp(cluster.url, 'Proxy Lou');
  const code = await createRoomOn(cluster, 'node-2', kim.cookie);
  const k = await cluster.roomSocket(code, kim.cookie);
  const l = await cluster.roomSocket(code, lou.cookie);
  let [kimGame, louGame] = await startRace(code, k.client, l.client);
  kimGame = await k.client.play(kimGame, WINNING.moves.slice(0, 3));
  louGame = await l.client.play(louGame, WINNING.moves.slice(0, 2));

  await cluster.haproxy.down('stop');
  const downAt = Date.now();
  expect((await k.client.closed).code).not.toBe(1000);
  await cluster.haproxy.up();
  // As the page does: a socket to the room again, the game as stored, and on from there.
  const kBack = await rejoin(cluster, code, kim.cookie, kimGame.gameId);
  const lBack = await rejoin(cluster, code, lou.cookie, louGame.gameId);
  console.log(
    `[proof] HAProxy restarted: both racers back on ${kBack.node} ${Date.now() - downAt} ms after it stopped`,
  );
  expect([kBack.game.seq, lBack.game.seq]).toEqual([3, 2]);
  kimGame = await kBack.client.play(kBack.game, WINNING.moves.slice(3, 5));
  await expectStoredOnce(cluster, kimGame.gameId, WINNING.moves.slice(0, 5));
  await expectStoredOnce(cluster, louGame.gameId, WINNING.moves.slice(0, 2));
  await Promise.all([kBack.client.close(), lBack.client.close()]);
}, 120_000);

/**
 * Sends `move` as the web client does while the server cannot store it: again after each
 * `unavailable`'s `retryAfter`, and, should its socket be closed (the room claimed by another
 * process), on a socket to the room's owner, from the game as stored. The socket it ends on.
 */
async function sendUntilStored(
  code: string,
  cookie: string,
  socket: RoomSocket,
  game: GameSnapshot,
  move: unknown,
): Promise<{ socket: RoomSocket; game: GameSnapshot }> {
  for (;;) {
    const played = await Promise.race([
      socket.client.play(game, [move]).catch((error: Error) => error),
      socket.client.closed.then(() => undefined),
    ]);
    if (played instanceof Error) {
      // Refused as one to send again (anything else fails the test here): after `retryAfter`.
      expect(played.message).toMatch(/refused: unavailable /);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (played) return { socket, game: played };
    const back = await rejoin(cluster, code, cookie, game.gameId);
    socket = back;
    if (back.game.seq > game.seq) return { socket, game: back.game };
  }
}

test('PostgreSQL stopped, then crashed, held down 6 s under a race: moves refused as retryable naming their game, every acked move stored once, play back once it is, the outage credited once', async () => {
  const gina = await signUp(cluster.url, 'Outage Gina');
  const hugo = await signUp(cluster.url, 'Outage Hugo');
  const code = await createRoomOn(cluster, 'node-1', gina.cookie);
  let g: RoomSocket = await cluster.roomSocket(code, gina.cookie);
  const h = await cluster.roomSocket(code, hugo.cookie);
  let [game] = await startRace(code, g.client, h.client);
  const raceId = game.raceId!;
  game = await g.client.play(game, WINNING.moves.slice(0, 2));
  for (const how of ['stop', 'crash'] as const) {
    const pausedBefore = (await raceRow(cluster, raceId)).paused_ms;
    const downAt = Date.now();
    const from = cluster.output().length;
    await cluster.postgres.down(how);
    const move = WINNING.moves[game.seq]!;
    // Unanswered, what the processes wrote meanwhile says why.
    const refused = await g.client
      .act({ type: 'move', gameId: game.gameId, expect: game.seq, move } as ClientMessage)
      .catch((error: Error) => {
        throw new Error(`${error.message}\n${cluster.output().slice(from)}`);
      });
    expect(refused).toMatchObject({ type: 'error', code: 'unavailable', gameId: game.gameId, retryAfter: 1 });
    // The outage itself: nothing here can be hurried.
    await new Promise((resolve) => setTimeout(resolve, 6000 - (Date.now() - downAt)));
    await cluster.postgres.up();
    const upAt = Date.now();
    const outageMs = upAt - downAt;
    ({ socket: g, game } = await sendUntilStored(code, gina.cookie, g, game, move));
    const backAfterMs = Date.now() - upAt;
    const credited = (await raceRow(cluster, raceId)).paused_ms - pausedBefore;
    console.log(
      `[proof] PostgreSQL ${how === 'stop' ? 'stopped' : 'crashed'} ${outageMs} ms: play back ${backAfterMs} ms after, on ${g.node}; credited ${credited} ms`,
    );
    // How soon play came back is a figure (docs/operations.md), not a verdict: a loaded machine
    // may be slower. What is certain: the outage is credited, from the last renewal before it to
    // the room's claim after it (without the claim it was 0), and not twice.
    expect(credited).toBeGreaterThan(outageMs / 2);
    expect(credited).toBeLessThan(outageMs + backAfterMs + LEASE_MS);
  }
  await expectStoredOnce(cluster, game.gameId, WINNING.moves.slice(0, game.seq));
  await Promise.all([g.client.close(), h.client.close()]);
}, 120_000);
