import type { StorageState } from '../db/storage-health.ts';
import type { ArenasRepo } from './ports/arenas.ts';
import type {
  ChallengesRepo,
  OneTimeKeysRepo,
  PasskeysRepo,
  PlayersRepo,
  SessionsRepo,
  SettingsRepo,
} from './ports/identity.ts';
import type { EvidenceRepo, ModerationRepo } from './ports/moderation.ts';
import type { DailyRepo, GamesRepo, HintsRepo, LateRepo, LeaderRepo } from './ports/play.ts';
import type { PuzzleRaceRepo } from './ports/puzzle-race.ts';
import type { PuzzleRushRepo } from './ports/puzzle-rush.ts';
import type { PuzzlesRepo } from './ports/puzzles.ts';
import type {
  BoardsRepo,
  OutageRepo,
  OwnershipRepo,
  ProfilesRepo,
  RacesRepo,
  RatingsRepo,
  RoomsRepo,
} from './ports/races.ts';

/*
 * The repositories' interfaces (one file per concern in ports/) and the rows they read and write
 * (row-types.ts, inferred from the drizzle schema), under the one name the server imports.
 */
export * from './ports/arenas.ts';
export * from './ports/identity.ts';
export * from './ports/moderation.ts';
export * from './ports/play.ts';
export * from './ports/puzzle-race.ts';
export * from './ports/puzzle-rush.ts';
export * from './ports/puzzles.ts';
export * from './ports/races.ts';
export type * from './row-types.ts';

/**
 * The only door between game logic and storage. Every method is async so that a PostgreSQL
 * implementation can serve a multi-node deployment without touching the callers; the SQLite one
 * answers synchronously inside the promise, which makes "stored before acknowledged" trivial.
 */
export interface Repos {
  readonly settings: SettingsRepo;
  readonly players: PlayersRepo;
  readonly sessions: SessionsRepo;
  readonly passkeys: PasskeysRepo;
  readonly oneTimeKeys: OneTimeKeysRepo;
  readonly games: GamesRepo;
  readonly hints: HintsRepo;
  readonly puzzles: PuzzlesRepo;
  readonly puzzleRush: PuzzleRushRepo;
  readonly puzzleRace: PuzzleRaceRepo;
  readonly late: LateRepo;
  readonly daily: DailyRepo;
  readonly rooms: RoomsRepo;
  readonly races: RacesRepo;
  readonly boards: BoardsRepo;
  readonly ownership: OwnershipRepo;
  readonly leader: LeaderRepo;
  readonly outage: OutageRepo;
  readonly ratings: RatingsRepo;
  readonly profiles: ProfilesRepo;
  readonly challenges: ChallengesRepo;
  readonly moderation: ModerationRepo;
  readonly evidence: EvidenceRepo;
  readonly arenas: ArenasRepo;
  /** Whether the store answers and holds the newest schema (the readiness check). */
  ready(): Promise<Readiness>;
  /**
   * The embedded SQLite file only: whether it takes writes, as the last commit, checkpoint or
   * readiness check found it (`/readyz` says it as `storage`).
   */
  storage?(): StorageState;
  close(): Promise<void>;
}

export type Readiness = { readonly ok: true } | { readonly ok: false; readonly reason: string };
