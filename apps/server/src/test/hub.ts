import { expect } from 'vitest';
import { ArenaPolicy } from '../arenas/policy.ts';
import { ChallengePolicy } from '../challenges/policy.ts';
import type { Clock } from '../clock.ts';
import { DailyPolicy } from '../daily/policy.ts';
import { acceptEveryDeal } from '../deals/certify.ts';
import { PracticePolicy } from '../games/practice.ts';
import { GameService } from '../games/service.ts';
import type { RoomSpec } from '../races/answers.ts';
import { type HubOptions, RaceHub } from '../races/hub.ts';
import { RacePolicy } from '../races/policy.ts';
import { sqliteRepos } from '../repo/sqlite/index.ts';
import type { Repos } from '../repo/types.ts';
import { fixedDeals } from './deals.ts';
import { RecordingPush } from './push.ts';
import { UNTIMED } from './room-spec.ts';

/** A hub on an in-memory database, its pushes recorded and who is connected the test's to say. */
export interface MemoryHub {
  readonly repos: Repos;
  readonly push: RecordingPush;
  readonly games: GameService;
  readonly hub: RaceHub;
}

/**
 * The race hub alone, with `players` signed up, on the test's clock, with no countdown and every
 * deal the fixed one (`fixedDeals`). The caller stops the hub and closes `repos`.
 */
export async function memoryHub(
  now: Clock,
  players: readonly string[],
  options: Partial<Pick<HubOptions, 'absentGraceMs' | 'log'>> = {},
): Promise<MemoryHub> {
  const repos = sqliteRepos(':memory:');
  const push = new RecordingPush();
  const games = new GameService(repos.games, now, {
    practice: new PracticePolicy(repos.hints),
    challenge: new ChallengePolicy(),
    daily: new DailyPolicy(repos),
    race: new RacePolicy(repos.races),
    arena: new ArenaPolicy(repos.arenas),
  });
  const hub = new RaceHub({
    repos,
    games,
    deals: fixedDeals,
    certifier: acceptEveryDeal,
    push,
    now,
    countdownMs: 0,
    ...options,
  });
  for (const id of players) await repos.players.create({ id, nickname: id, nicknameKey: id, tokenHash: id, at: 0 });
  return { repos, push, games, hub };
}

/** The player's socket closes (or opens), as the socket edge tells the hub. */
export function presence({ push, hub }: MemoryHub, playerId: string, here: boolean): void {
  if (here) push.here.add(playerId);
  else push.here.delete(playerId);
  hub.presenceChanged(playerId);
}

/**
 * `host` and `guest`, both here, race in a new room (`spec`, untimed unless said): once both
 * are dealt. Returns the room's code and each one's game id.
 */
export async function raceStarted(
  { push, hub }: MemoryHub,
  host: string,
  guest: string,
  spec: RoomSpec = UNTIMED,
): Promise<{ code: string; gameOf: Record<string, string> }> {
  push.here.add(host);
  push.here.add(guest);
  const { code } = await hub.create(host, spec);
  await hub.join(guest, code);
  expect((await hub.start(host, code)).ok).toBe(true);
  await expect.poll(() => push.frames('game').length).toBe(2);
  const dealt = push.sent.filter((s) => s.message.type === 'game');
  const gameOf = Object.fromEntries(
    dealt.map(({ playerId, message }) => [playerId, message.type === 'game' ? message.game.gameId : '']),
  );
  return { code, gameOf };
}
