import type { Clock } from '../clock.ts';
import type { GameService } from '../games/service.ts';
import type { Push } from '../realtime/ports.ts';
import type { Fence, RacesRepo } from '../repo/types.ts';
import type { ProgressTicks } from './progress-ticks.ts';

/** What a live race needs of the process it runs in; the hub gives the same to every race. */
export interface RaceDeps {
  readonly games: GameService;
  readonly races: RacesRepo;
  readonly push: Push;
  /** The players' own push, without the visitors' (`push` if none): whether a racer has a socket. */
  readonly players?: Pick<Push, 'connected'>;
  readonly now: Clock;
  readonly absentGraceMs: number;
  /** The epoch this process holds the race's room under (cluster mode): race writes carry it. */
  readonly fence?: (code: string) => Fence | undefined;
  /** A fenced write was refused: another process owns the room now, this one must let it go. */
  readonly fencedOut?: (code: string) => void;
  /** Cluster mode: rejects once this process no longer owns the room (`RoomClaims.confirmOwner`). */
  readonly confirmOwner?: (code: string) => Promise<void> | undefined;
  /**
   * A step of the race's own that nobody awaits (a timer's, a closed socket's, a finished game's)
   * failed otherwise (the database away): the hub logs it and loads the room again from the
   * database. Never thrown into the detached promise: that would end the process, every race on it.
   */
  readonly failed: (race: { readonly code: string }, error: unknown) => void;
  /** The process's one timer for progress ticks (`throttleClock`); a race alone has its own. */
  readonly ticks?: ProgressTicks;
  /** `IDLE_BEFORE_END_MS`, shorter only in the browser tests. */
  readonly idleBeforeEndMs?: number;
}
