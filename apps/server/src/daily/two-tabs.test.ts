import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { RankedDailyTaken } from '../repo/errors.ts';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';

const dir = mkdtempSync(join(tmpdir(), 'scorpion-two-tabs-'));
const clock = Date.UTC(2026, 5, 1, 9, 0, 0);
const servers: RunningServer[] = [];

beforeAll(async () => {
  // Two processes on one database file: each has its own per-player lock, as two cluster nodes do.
  for (let i = 0; i < 2; i++) {
    servers.push(await startServer({ databasePath: join(dir, 'scorpion.db'), now: () => clock, deals: fixedDeals }));
  }
});
afterAll(async () => {
  for (const server of servers) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

test('two tabs on two processes joining at once: the second to store its ranked game is refused by the index and given the first', async () => {
  const [a, b] = servers as [RunningServer, RunningServer];
  const me = await signUp(a.url, 'TwoTabs');
  const onA = await TestClient.connect(a.wsUrl, me.cookie);
  const onB = await TestClient.connect(b.wsUrl, me.cookie);
  // B reads "no game yet" and is held there until A has stored its ranked game.
  const bGames = b.app.services.repos.games;
  const read = bGames.dailyOf.bind(bGames);
  let aJoined!: () => void;
  const joined = new Promise<void>((resolve) => {
    aJoined = resolve;
  });
  const held = vi.spyOn(bGames, 'dailyOf').mockImplementationOnce(async (...args) => {
    const answer = await read(...args);
    await joined;
    return answer;
  });
  const created = vi.spyOn(bGames, 'create');
  onB.send({ type: 'daily-join' });
  await vi.waitFor(() => expect(held).toHaveBeenCalled(), { timeout: 20_000 });
  onA.send({ type: 'daily-join' });
  const first = (await onA.next('game')).game;
  aJoined();
  const second = (await onB.next('game')).game;

  expect(created.mock.settledResults[0]).toMatchObject({ type: 'rejected', value: expect.any(RankedDailyTaken) });
  expect(second).toMatchObject({ gameId: first.gameId, ranked: true });
  expect(await a.app.services.repos.games.dailyOf(me.id, '2026-06-01')).toStrictEqual([
    { id: first.gameId, status: 'playing', ranked: true },
  ]);
  vi.restoreAllMocks();
  onA.socket.close();
  onB.socket.close();
});
