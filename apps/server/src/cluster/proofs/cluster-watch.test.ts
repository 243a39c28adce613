import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { WATCH_DELAY_MS } from '../../games/delayed-boards.ts';
import { TestClient } from '../../test/client.ts';
import { fixedDeals, WINNING } from '../../test/deals.ts';
import { type RunningServer, startServer } from '../../test/helper.ts';
import { joinRoom, openRoom, players } from '../../test/rooms.ts';
import { NOT_OWNER } from '../../ws/close-codes.ts';
import { freePort } from '../launcher/engines/ports.ts';
import { type RunningRedis, startRedis } from '../launcher/engines/redis.ts';

let dir: string;
let redis: RunningRedis;
let a: RunningServer;
let b: RunningServer;
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);

// Two processes of a cluster in one (one SQLite file, one real Redis), on one injected clock.
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cluster-watch-'));
  redis = await startRedis({ dir: join(dir, 'redis'), port: await freePort() });
  const databasePath = join(dir, 'scorpion.db');
  const common = { databasePath, redisUrl: redis.url, deals: fixedDeals, countdownMs: 0, now: () => clock };
  a = await startServer({ ...common, nodeId: 'a' });
  b = await startServer({ ...common, nodeId: 'b' });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("a watcher's boards come from the room's owner to the watcher's socket on another process, never to a racer's", async () => {
  const [host, racer, friend] = await players(a, 'Owner Host', 'Far Racer', 'Far Friend');
  const code = await openRoom(host!.client);
  await joinRoom(racer!.client, code);
  host!.client.send({ type: 'room-start', code });
  const hostGame = (await host!.client.next('game')).game;
  await racer!.client.next('game');
  await joinRoom(friend!.client, code);

  // Off the owner, a watch is sent to the owner: the socket closes with its node id.
  const astray = await TestClient.connect(b.wsUrl, friend!.cookie);
  astray.send({ type: 'race-watch', code, playerId: host!.id });
  expect(await astray.closed).toEqual({ code: NOT_OWNER, reason: 'a' });

  friend!.client.send({ type: 'race-watch', code, playerId: host!.id });
  // Both the friend and the racer now listen on B only.
  for (const p of [friend!, racer!]) {
    p.client.socket.close();
    p.client = await TestClient.connect(b.wsUrl, p.cookie);
    await vi.waitFor(() => expect(a.app.push.connected(p.id)).toBe(true));
  }

  const played = await host!.client.play(hostGame, WINNING.moves.slice(0, 2));
  clock += WATCH_DELAY_MS;
  const board = await friend!.client.next('race-board', (f) => f.seq === 2);
  expect(board.view).toEqual(played.view);
  expect(board.serverTime - board.asOf).toBeGreaterThanOrEqual(WATCH_DELAY_MS);

  // The racer on B hears the race (its progress) but never a board.
  await racer!.client.next('race-progress');
  host!.client.send({ type: 'give-up', gameId: hostGame.gameId });
  await racer!.client.next('race-progress', (f) => f.racers.some((r) => r.state === 'gave-up'));
  expect(racer!.client.frames.some((t) => t.includes('"race-board"'))).toBe(false);
  await Promise.all([host!.client.close(), racer!.client.close(), friend!.client.close()]);
});
