import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DealSource } from '../deals/source.ts';
import type { NewGame } from '../games/new-row.ts';
import { signUp, TestClient } from '../test/client.ts';
import { FIXED_SEED, WINNING, WINNING_DECK } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { dailyGame } from './deal.ts';

/**
 * The day's deal is the winning deck with its last two cards swapped: a game dealt the winning
 * deck itself replays cleanly, action by action, to a win, but it is not the daily.
 */
const DAY_DECK = [...WINNING_DECK.slice(0, -2), WINNING_DECK.at(-1)!, WINNING_DECK.at(-2)!];
const deals: DealSource = {
  daily: () => ({ seed: FIXED_SEED, deck: DAY_DECK }),
  fresh: () => ({ seed: FIXED_SEED, deck: DAY_DECK }),
};
const TODAY = '2026-06-01';

let server: RunningServer;
let db: Database.Database;

beforeAll(async () => {
  server = await startServer({ deals, now: () => Date.parse(`${TODAY}T12:00:00Z`) });
  db = new Database(server.databasePath, { readonly: true });
});
afterAll(async () => {
  db.close();
  await server.close();
});

const verifiedOf = (playerId: string) =>
  (db.prepare('SELECT verified FROM daily_results WHERE player_id = ?').get(playerId) as { verified: number }).verified;

/** A ranked daily game of today made through the game service: the day's deal with `changes`. */
async function dailyGameWith(playerId: string, changes: Partial<NewGame>) {
  const { games, daily } = server.app;
  return games.create({ ...dailyGame(playerId, (await daily.shown(TODAY))!, true), ...changes });
}

test("a daily game dealt anything but the day's stored deal is not verified, even when it replays to a win", async () => {
  const [eve, sid, opal, dan] = await Promise.all(['Eve', 'Sid', 'Opal', 'Dan'].map((n) => signUp(server.url, n)));
  // Eve: the winning deck, won over the socket; every action is stored just as it was played.
  const eveGame = await dailyGameWith(eve!.id, { deck: WINNING_DECK });
  const client = await TestClient.connect(server.wsUrl, eve!.cookie);
  client.send({ type: 'game-resume', gameId: eveGame.row.id });
  const won = await client.play((await client.next('game')).game, WINNING.moves);
  expect(won.status).toBe('won');
  await client.close();

  // Sid: the day's deck under another seed; Opal: the day's deck with open cards; Dan: the deal.
  const { games } = server.app;
  const others = [
    [sid!, await dailyGameWith(sid!.id, { seed: 'f'.repeat(32) })],
    [opal!, await dailyGameWith(opal!.id, { options: { foundations: false, open: true } })],
    [dan!, await dailyGameWith(dan!.id, {})],
  ] as const;
  for (const [player, session] of others) expect((await games.giveUp(player.id, session.row.id)).ok).toBe(true);

  expect([eve!, sid!, opal!, dan!].map((p) => verifiedOf(p.id))).toEqual([0, 0, 0, 1]);
});
