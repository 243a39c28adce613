import type { ArenaStandings } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import { Pacer, PUSH_INTERVAL_MS } from './pacer.ts';

export interface StandingsPushDeps {
  readonly now: Clock;
  readonly connected: (playerId: string) => boolean;
  /** To this process's sockets of the player, a frame already serialized. */
  readonly sendFrame: (playerId: string, frame: string) => void;
  /** The standings as they are now, for nobody in particular (`me` is each player's own). */
  readonly standings: () => ArenaStandings;
  /** The player's own row of the table as it is now. */
  readonly rowOf: (playerId: string) => ArenaStandings['me'];
  /** A follower's sockets are all gone: the arena lets go of them (`LiveArena.unsubscribe`). */
  readonly gone: (playerId: string) => void;
}

/**
 * Who here follows an arena's standings, and the pushes of them: at most once a second, and only
 * after a change (`Pacer`), and never twice within a second to one player. Apart from the arena
 * (`LiveArena`) that makes the table: this is only when and to whom it goes.
 */
export class StandingsPush {
  private readonly d: StandingsPushDeps;
  private readonly subscribers = new Set<string>();
  private readonly pacer = new Pacer();
  private timer: NodeJS.Timeout | undefined;
  /**
   * Per player following the arena: the table's `version` they were last sent, and when. The
   * pacer spaces the arena's pushes a second apart; an answer (`answered`, to a join or a watch)
   * comes between them, so a push skips a player sent a table less than a second before and the
   * next push brings it: no socket gets two tables within a second, however the two were sent.
   */
  private version = 0;
  private readonly seen = new Map<string, { version: number; at: number }>();
  private ended = false;

  constructor(d: StandingsPushDeps) {
    this.d = d;
  }

  get followers(): ReadonlySet<string> {
    return this.subscribers;
  }

  subscribe(playerId: string): void {
    this.subscribers.add(playerId);
  }

  unsubscribe(playerId: string): void {
    this.subscribers.delete(playerId);
    this.seen.delete(playerId);
  }

  /** The player was just answered the table as it is: that counts as a push to them. */
  answered(playerId: string): void {
    this.seen.set(playerId, { version: this.version, at: this.d.now() });
  }

  /** The table changed: pushed now, or at the end of the second. */
  changed(): void {
    this.version++;
    this.schedule();
  }

  /** The arena has ended: nothing is pushed any more (its final table goes out apart). */
  end(): void {
    clearTimeout(this.timer);
    this.ended = true;
  }

  stop(): void {
    clearTimeout(this.timer);
    this.subscribers.clear();
  }

  private schedule(): void {
    if (this.ended) return;
    const wait = this.pacer.changed(this.d.now());
    if (wait === null) return;
    this.timer = setTimeout(() => this.push(), wait);
    this.timer.unref();
  }

  /**
   * Everyone here who follows the arena gets the table. The part the same for all is serialized
   * once, and only each player's own row apart: a push to a thousand players is one table.
   */
  private push(): void {
    this.timer = undefined;
    const now = this.d.now();
    this.pacer.pushed(now);
    const { me: _, serverTime, ...common } = this.d.standings();
    const head = JSON.stringify(common).slice(0, -1);
    const tail = `,"serverTime":${serverTime}}`;
    let held = false;
    for (const playerId of this.subscribers) {
      if (!this.d.connected(playerId)) {
        this.d.gone(playerId);
        continue;
      }
      const seen = this.seen.get(playerId);
      if (seen?.version === this.version) continue;
      if (seen && now - seen.at < PUSH_INTERVAL_MS) {
        held = true;
        continue;
      }
      this.seen.set(playerId, { version: this.version, at: now });
      this.d.sendFrame(playerId, `${head},"me":${JSON.stringify(this.d.rowOf(playerId))}${tail}`);
    }
    // Those held back get this table with the next push, a second on.
    if (held) this.schedule();
  }
}
