import { isWon } from '@scorpion/rules';
import { dayNumber, utcDate } from '../clock.ts';
import { LiveGame } from '../games/live-game.ts';
import { type GameEnd, type GamePolicy, type Gate, NOWHERE, type Place } from '../games/policy.ts';
import type { DailyFinish, GameRow, Repos } from '../repo/types.ts';
import { dailyIsPublic } from '../secrecy.ts';
import { openedOnSharedDevice } from './flag-verdict.ts';
import { isTheDaysDeal } from './same-deal.ts';
import { dailyFinish } from './stats.ts';

/**
 * Daily games: playable until their UTC day ends (then they time out), public from then on,
 * and the first attempt's end stores a ranked result, verified against the stored deal, and
 * flagged (off the board) when another identity opened the deal on the same device first.
 */
export class DailyPolicy implements GamePolicy {
  private readonly repos: Pick<Repos, 'games' | 'daily' | 'moderation'>;

  constructor(repos: Pick<Repos, 'games' | 'daily' | 'moderation'>) {
    this.repos = repos;
  }

  gate(row: GameRow, now: number): Gate {
    return row.dailyDate !== null && row.dailyDate < utcDate(now) ? 'timed-out' : 'open';
  }

  async isPublic(row: GameRow, now: number): Promise<boolean> {
    return row.dailyDate !== null && dailyIsPublic(row.dailyDate, utcDate(now));
  }

  async placeOf(row: GameRow): Promise<Place> {
    return { ...NOWHERE, daily: row.dailyDate ? { date: row.dailyDate, day: dayNumber(row.dailyDate) } : null };
  }

  async onEnd(game: LiveGame, end: GameEnd): Promise<DailyFinish | undefined> {
    if (!game.row.ranked) return undefined;
    const row = game.row;
    const tally = game.tally();
    const won = end.status === 'won';
    const sharedDevice = await openedOnSharedDevice(this.repos.daily, row.dailyDate!, row.playerId, end.finishedAt);
    return dailyFinish(
      {
        date: row.dailyDate!,
        playerId: row.playerId,
        gameId: row.id,
        won,
        timeMs: end.timeMs,
        moves: tally.moves,
        progress: tally.progress,
        faceDown: tally.faceDown,
        verified: await this.verified(game, won),
        finishedAt: end.finishedAt,
      },
      sharedDevice ? 'device' : undefined,
      // A marked player's result is stored but counts nowhere (`recount` adds it if the mark is lifted).
      !(await this.repos.moderation.isMarked(row.playerId)),
    );
  }

  /**
   * The ranked result, verified: the stored game must be the day's stored deal (deck, seed,
   * variant, options), and its stored actions must replay from that deck to this very end.
   */
  private async verified(game: LiveGame, won: boolean): Promise<boolean> {
    const row = game.row;
    const tally = game.tally();
    try {
      const stored = await this.repos.games.get(row.id);
      const deal = await this.repos.daily.get(row.dailyDate!);
      const replayed = new LiveGame(stored!, await this.repos.games.actions(row.id));
      const again = replayed.tally();
      return (
        deal !== undefined &&
        isTheDaysDeal(stored!, deal) &&
        isWon(replayed.state) === won &&
        again.progress === tally.progress &&
        again.moves === tally.moves
      );
    } catch {
      return false;
    }
  }
}
