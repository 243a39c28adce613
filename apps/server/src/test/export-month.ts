import type { GameAction } from '@scorpion/protocol';
import { gameRow, storeResult } from '../repo/contract/fixtures.ts';
import type { GameRow, Repos } from '../repo/types.ts';
import { WINNING } from './deals.ts';

/*
 * A fixed March 2026 for the export's tests, seen from NOW (2 April, noon UTC): March has closed,
 * its last daily is public, a race still running and an arena still on are not.
 */
export const MONTH = '2026-03';
export const NOW = Date.UTC(2026, 3, 2, 12);
const march = (day: number, hour = 12) => Date.UTC(2026, 2, day, hour);

/** Nicknames: Annabel shows hers; the other two have hidden theirs from the export. */
export const SHOWN = 'Annabel';
export const HIDDEN = ['Bobhidden', 'Catsecret'] as const;

async function play(repos: Repos, row: GameRow, actions: readonly GameAction[], end: Partial<GameRow>) {
  await repos.games.create(row);
  for (const [seq, action] of actions.entries())
    await repos.games.append(row.id, { seq, action, at: row.startedAt + seq });
  await repos.games.finish(row.id, {
    status: end.status ?? 'gave-up',
    finishedAt: end.finishedAt!,
    timeMs: end.timeMs ?? 60_000,
    seq: actions.length,
    moves: actions.length,
    undos: end.undos ?? 0,
    progress: 0,
    faceDown: 0,
  });
}

/** The month's games; answers the ids of those that must be in its file and of those that must not. */
export async function seedMonth(repos: Repos) {
  const players = [
    ['ann', SHOWN],
    ['bob', HIDDEN[0]],
    ['cat', HIDDEN[1]],
  ] as const;
  for (const [id, nickname] of players) {
    await repos.players.create({ id, nickname, nicknameKey: nickname.toLowerCase(), tokenHash: `token-${id}`, at: 0 });
  }
  await repos.players.setHidden('bob', true);
  await repos.players.setHidden('cat', true);

  // Annabel wins a practice game; Bob plays two moves, takes one back, and gives up.
  const won = gameRow('ann', { startedAt: march(10) });
  await play(repos, won, WINNING.moves, { status: 'won', finishedAt: march(10, 13) });
  const undone = gameRow('bob', { startedAt: march(11) });
  const [first, second] = WINNING.moves;
  await play(repos, undone, [first!, second!, { kind: 'undo' }], { finishedAt: march(11, 13), undos: 1 });
  // Cat's practice on another day, to check a hidden player's label holds within the file.
  const again = gameRow('cat', { startedAt: march(12) });
  await play(repos, again, [first!], { finishedAt: march(12, 13) });
  const cat = gameRow('cat', { startedAt: march(13) });
  await play(repos, cat, [], { finishedAt: march(13, 13) });
  // Annabel's ranked daily of the 31st: public since the 1st.
  await storeResult(repos, { playerId: 'ann', date: '2026-03-31', timeMs: 90_000, finishedAt: march(31, 20) });

  // Secret still: Bob's game in a race that is running, Annabel's in an arena that ends on the 3rd.
  const race = {
    id: 'race-1',
    code: 'ROOM',
    number: 1,
    seed: 'race seed',
    startsAt: march(14),
    pausedMs: 0,
    timeLimit: 0,
    status: 'racing',
    finishedAt: null,
    rated: false,
    series: null,
  } as const;
  const raced = gameRow('bob', { kind: 'race', raceId: race.id, startedAt: march(14) });
  await repos.races.create(race, [raced]);
  await repos.games.finish(raced.id, {
    status: 'gave-up',
    finishedAt: march(14, 13),
    timeMs: 1,
    seq: 0,
    moves: 0,
    undos: 0,
    progress: 0,
    faceDown: 0,
  });
  await repos.arenas.ensure({
    id: 'w-2026-03-27',
    kind: 'weekly',
    name: 'Weekly',
    variant: 'scorpion',
    startsAt: march(27),
    endsAt: Date.UTC(2026, 3, 3),
    minutes: 10_080,
    createdBy: null,
    createdAt: march(26),
    winnerId: null,
    settledAt: null,
  });
  const arena = gameRow('ann', { kind: 'arena', arenaId: 'w-2026-03-27', arenaDeal: 1, startedAt: march(30) });
  await play(repos, arena, [first!], { finishedAt: march(30, 13) });

  // Outside March, or not finished: not in its file either.
  await play(repos, gameRow('ann', { startedAt: march(31, 23) }), [], { finishedAt: Date.UTC(2026, 3, 1, 1) });
  await repos.games.create(gameRow('ann', { startedAt: march(20) }));

  const daily = await repos.games.dailyOf('ann', '2026-03-31');
  return {
    exported: [won.id, undone.id, again.id, cat.id, daily[0]!.id],
    secret: [raced.id, arena.id],
  };
}
