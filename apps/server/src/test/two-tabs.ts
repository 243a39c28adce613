import type { GameSnapshot } from '@scorpion/protocol';
import { expect, vi } from 'vitest';
import { signUp, TestClient } from './client.ts';
import type { RunningServer } from './helper.ts';

/**
 * One player opens the daily in two tabs whose sockets are on two processes, `a` and `b`, at
 * once. The race is forced every run, not left to luck: `b` reads "no game yet" and is held there
 * until `a` has stored its ranked game, so `b`'s own store comes second. Returns both tabs, the
 * games they were given, and `b`'s store attempts (`created`), for the caller's assertions; the
 * spies are restored.
 */
export async function twoTabsJoinAtOnce(a: RunningServer, b: RunningServer) {
  const me = await signUp(a.url, 'TwoTabs');
  const onA = await TestClient.connect(a.wsUrl, me.cookie);
  const onB = await TestClient.connect(b.wsUrl, me.cookie);
  const bGames = b.app.repos.games;
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
  await vi.waitFor(() => expect(held).toHaveBeenCalled(), { timeout: 20_000, interval: 20 });
  onA.send({ type: 'daily-join' });
  const first: GameSnapshot = (await onA.next('game')).game;
  aJoined();
  const second: GameSnapshot = (await onB.next('game')).game;
  // vitest 4's mockRestore clears the recorded calls: keep what the caller checks.
  const stores = [...created.mock.settledResults];
  held.mockRestore();
  created.mockRestore();
  return { me, onA, onB, first, second, stores };
}
