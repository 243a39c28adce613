import { afterEach, expect, test } from 'vitest';
import { ArenaPolicy } from '../arenas/policy.ts';
import { ChallengePolicy } from '../challenges/policy.ts';
import { DailyPolicy } from '../daily/policy.ts';
import { RacePolicy } from '../races/policy.ts';
import { gameRow } from '../repo/contract/fixtures.ts';
import { sqliteRepos } from '../repo/sqlite/index.ts';
import type { Repos } from '../repo/types.ts';
import { WINNING } from '../test/deals.ts';
import { PracticePolicy } from './practice.ts';
import { GameService } from './service.ts';

const opened: Repos[] = [];
afterEach(async () => {
  for (const repos of opened.splice(0)) await repos.close();
});

/** A game service over an in-memory database whose appends are noted as they are asked for. */
async function service() {
  const repos = sqliteRepos(':memory:');
  opened.push(repos);
  await repos.games.create(gameRow('p1', { id: 'g' }));
  const appended: number[] = [];
  const append = repos.games.append.bind(repos.games);
  const games = new GameService(
    {
      ...repos.games,
      append: (gameId, action) => {
        appended.push(action.seq);
        return append(gameId, action);
      },
    },
    Date.now,
    {
      practice: new PracticePolicy(repos.hints),
      challenge: new ChallengePolicy(),
      daily: new DailyPolicy(repos),
      race: new RacePolicy(repos.races),
      arena: new ArenaPolicy(repos.arenas),
    },
  );
  return { games, appended };
}

test("a move on a game in memory reaches its store in the caller's own turn; a second sent behind it waits for the first's lock", async () => {
  const { games, appended } = await service();
  await games.load('g');
  const first = games.act('p1', 'g', 0, WINNING.moves[0]!);
  const second = games.act('p1', 'g', 1, WINNING.moves[1]!);
  // No microtask has run yet: the first is already on its way to the disk, the second is not.
  expect(appended).toEqual([0]);
  expect(await first).toMatchObject({ ok: true, seq: 1, duplicate: false });
  expect(await second).toMatchObject({ ok: true, seq: 2, duplicate: false });
  expect(appended).toEqual([0, 1]);
});
