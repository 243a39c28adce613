import { arenasContract } from './arenas.ts';
import { boardsContract } from './boards.ts';
import { challengesContract } from './challenges.ts';
import { countsContract } from './counts.ts';
import { dailyContract } from './daily.ts';
import { dealTakeoverContract } from './deal-takeover.ts';
import { devicesContract } from './devices.ts';
import { evidenceContract } from './evidence.ts';
import type { FreshRepos } from './fixtures.ts';
import { gamesContract } from './games.ts';
import { moderationContract } from './moderation.ts';
import { openDataContract } from './open-data.ts';
import { outageContract } from './outage.ts';
import { ownershipContract } from './ownership.ts';
import { playersSettingsContract } from './players-settings.ts';
import { puzzleRaceContract } from './puzzle-race.ts';
import { puzzleRushContract } from './puzzle-rush.ts';
import { puzzlesContract } from './puzzles.ts';
import { ratingsContract } from './ratings.ts';
import { roomsRacesContract } from './rooms-races.ts';
import { scoutingContract } from './scouting.ts';

export type { FreshRepos } from './fixtures.ts';

/**
 * What every implementation of `Repos` must do, run against each store by its own
 * `contract.test.ts`. `fresh` gives an empty store for each test.
 */
export function repoContract(fresh: FreshRepos): void {
  playersSettingsContract(fresh);
  devicesContract(fresh);
  gamesContract(fresh);
  dailyContract(fresh);
  roomsRacesContract(fresh);
  boardsContract(fresh);
  ownershipContract(fresh);
  outageContract(fresh);
  dealTakeoverContract(fresh);
  scoutingContract(fresh);
  ratingsContract(fresh);
  challengesContract(fresh);
  moderationContract(fresh);
  evidenceContract(fresh);
  arenasContract(fresh);
  countsContract(fresh);
  openDataContract(fresh);
  puzzlesContract(fresh);
  puzzleRushContract(fresh);
  puzzleRaceContract(fresh);
}
