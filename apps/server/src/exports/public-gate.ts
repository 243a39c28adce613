import { ArenaPolicy } from '../arenas/policy.ts';
import { ChallengePolicy } from '../challenges/policy.ts';
import { DailyPolicy } from '../daily/policy.ts';
import type { Policies } from '../games/policy.ts';
import { PracticePolicy } from '../games/practice.ts';
import { RacePolicy } from '../races/policy.ts';
import type { GameRow, Repos } from '../repo/types.ts';

/**
 * Whether a game is public, for the export command, which runs beside the server and has no game
 * service: the very policies the server's replay routes ask (`GameService.isPublic`), built on
 * the same repositories, so the command and the routes cannot disagree about a deal's secrecy.
 */
export function publicGate(repos: Repos, now: () => number): (row: GameRow) => Promise<boolean> {
  const policies: Policies = {
    practice: new PracticePolicy(repos.hints),
    daily: new DailyPolicy(repos),
    race: new RacePolicy(repos.races),
    challenge: new ChallengePolicy(),
    arena: new ArenaPolicy(repos.arenas),
  };
  return (row) => policies[row.kind].isPublic(row, now());
}
