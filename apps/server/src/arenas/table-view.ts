import { ARENA_TOP_ROWS, type ArenaRow } from '@scorpion/protocol';
import type { Standing } from './scoring.ts';

/**
 * What the standings frames show of the table. A player's results include the deal in play
 * as `unfinished` (scoring.ts counts it for nothing), which is how the table knows the deal
 * each player is on; once the arena has ended, that deal was cut short and is not in play.
 */
export function arenaRow(standing: Standing, running: boolean): ArenaRow {
  const deals = standing.sheet.perDeal;
  const last = deals.at(-1);
  return {
    rank: standing.rank,
    player: { id: standing.playerId, nickname: standing.name },
    score: standing.sheet.score,
    fire: standing.sheet.fire,
    streak: standing.sheet.streak,
    deal: last?.deal ?? 0,
    playing: running && last?.outcome === 'unfinished',
    points: deals.filter((d) => d.outcome !== 'unfinished').map((d) => d.points),
  };
}

/** The places on the podium: the first three, and everyone sharing the third. */
const PODIUM_RANK = 3;
/** A tie for third place among many would not fit a podium; the table has them all. */
const PODIUM_MAX = 10;

/**
 * One table, made once per push and read for every socket: the top rows are the same for all,
 * and each player's own row is found by id without walking the table again.
 */
export class TableView {
  readonly top: readonly ArenaRow[];
  readonly players: number;
  private readonly standings: readonly Standing[];
  private readonly running: boolean;
  private readonly index = new Map<string, number>();

  constructor(standings: readonly Standing[], running: boolean) {
    this.standings = standings;
    this.running = running;
    this.players = standings.length;
    for (const [i, s] of standings.entries()) this.index.set(s.playerId, i);
    this.top = standings.slice(0, ARENA_TOP_ROWS).map((s) => arenaRow(s, running));
  }

  /** The player's own row, or null for someone not in the arena. */
  rowOf(playerId: string | null): ArenaRow | null {
    const i = playerId === null ? undefined : this.index.get(playerId);
    if (i === undefined) return null;
    return this.top[i] ?? arenaRow(this.standings[i]!, this.running);
  }

  podium(): ArenaRow[] {
    return this.standings
      .filter((s) => s.rank <= PODIUM_RANK)
      .slice(0, PODIUM_MAX)
      .map((s) => arenaRow(s, this.running));
  }
}
