import { type Clock, dayNumber, daysBefore, utcDate } from '../clock.ts';
import { type Certifier, CertifierUnavailable, pickCertified } from '../deals/certify.ts';
import type { DealSource } from '../deals/source.ts';
import type { LiveGame } from '../games/live-game.ts';
import type { GameService } from '../games/service.ts';
import type { Seen } from '../identity/device.ts';
import { KeyedLock } from '../keyed-lock.ts';
import { type Answer, refuse } from '../refusal.ts';
import { RankedDailyTaken } from '../repo/errors.ts';
import type { DailyDealRow, Repos } from '../repo/types.ts';
import { DAILY_OPTIONS, DAILY_VARIANT, dailyGame } from './deal.ts';

/**
 * How long the openings of a day's deal (who, from which address hash and device) are kept. A
 * result is flagged when it ends, and a day's games all end when it is closed, so after that
 * they only serve an operator looking into a player's question about a flag: a week is enough,
 * and keeping less of where players were is kinder to them.
 */
const OPENS_KEPT_DAYS = 7;

/** What a player is told when the day's deal cannot be dealt because the solver is down. */
export const DAILY_UNAVAILABLE =
  "Today's deal is not ready: the solver that proves it winnable is restarting. Try again in a minute.";

/**
 * The daily challenge: one deal per UTC day for everyone. The first attempt is ranked, whoever
 * plays it (a newcomer's too: issue #32), and its clock starts when the deal is first shown; later
 * attempts replay the deal as practice. Every opening is recorded with where it came from, which
 * flags a ranked result when other identities opened the deal on the same device (`flags.ts`).
 */
export class DailyService {
  private readonly making = new Map<string, Promise<DailyDealRow>>();
  /** Two tabs joining at once must not both get a first, ranked attempt. */
  private readonly joining = new KeyedLock();

  private readonly repos: Repos;
  private readonly games: GameService;
  private readonly deals: DealSource;
  private readonly certifier: Certifier;
  private readonly now: Clock;

  constructor(repos: Repos, games: GameService, deals: DealSource, certifier: Certifier, now: Clock) {
    this.repos = repos;
    this.games = games;
    this.deals = deals;
    this.certifier = certifier;
    this.now = now;
  }

  today(): string {
    return utcDate(this.now());
  }

  /**
   * The deal of `date` as shown to anyone who asks: today's is made on first use; a past day's
   * only if it was dealt then. A past day nobody played is never dealt after the fact, so a
   * stranger cannot set the solver to work on old dates ahead of today's players.
   */
  async shown(date: string): Promise<DailyDealRow | undefined> {
    if (date === this.today()) return this.deal(date);
    return this.making.get(date) ?? this.repos.daily.get(date);
  }

  /**
   * The deal of `date`, made and stored on first use. Never handed to a client before the day
   * ends. Rejects with `CertifierUnavailable` (and stores nothing) while the solver is down.
   */
  private deal(date: string): Promise<DailyDealRow> {
    let pending = this.making.get(date);
    if (!pending) {
      // One ask per process and day; the repository makes it one across every process.
      pending = this.repos.daily.dealOnce(date, () => this.certified(date));
      this.making.set(date, pending);
      void pending.then(
        () => this.making.delete(date),
        () => this.making.delete(date),
      );
    }
    return pending;
  }

  private async certified(date: string): Promise<DailyDealRow> {
    const picked = await pickCertified(this.certifier, DAILY_VARIANT, DAILY_OPTIONS, (n) =>
      this.deals.daily(DAILY_VARIANT, date, n),
    );
    return {
      date,
      day: dayNumber(date),
      variant: DAILY_VARIANT,
      seed: picked.seed,
      deck: picked.deck,
      candidate: picked.candidate,
      certifiedBy: this.certifier.name,
      // Kept only with a proof: an undecided fallback has neither, and shows "not rated".
      line: picked.certificate.line ?? null,
      difficulty: picked.certificate.difficulty ?? null,
    };
  }

  /**
   * Today's game for the player, opened from `seen`: the one in progress, or a new one (ranked if
   * it is the first). Refused with `solver-unavailable`, storing nothing, while the solver is down.
   */
  async join(playerId: string, seen: Seen): Promise<Answer<LiveGame>> {
    try {
      return { ok: true, value: await this.joining.run(playerId, () => this.joinNow(playerId, seen)) };
    } catch (error) {
      if (error instanceof CertifierUnavailable) return refuse('solver-unavailable', DAILY_UNAVAILABLE);
      throw error;
    }
  }

  private async joinNow(playerId: string, seen: Seen, lost = false): Promise<LiveGame> {
    const date = this.today();
    // Recorded before the game is: an opening is never later than the attempt it shows.
    const opened = () => this.repos.daily.opened({ date, playerId, ...seen, at: this.now() });
    const mine = await this.repos.games.dailyOf(playerId, date);
    const open = mine.find((g) => g.status === 'playing');
    if (open) {
      const game = await this.games.load(open.id);
      if (game) {
        await opened();
        return game;
      }
    }
    const deal = await this.deal(date);
    await opened();
    const ranked = mine.length === 0;
    try {
      return await this.games.create(dailyGame(playerId, deal, ranked));
    } catch (error) {
      // Another tab, on another process, stored the player's ranked game between our read and
      // our write: this tab gets that game, as a second tab on this process would. Once only:
      // the next read finds it (or, ended already, a practice replay follows).
      if (error instanceof RankedDailyTaken && !lost) return this.joinNow(playerId, seen, true);
      throw error;
    }
  }

  /**
   * Ends the games still open from past days, so their results land on those days' boards.
   * In a cluster only the leader does it (the others answer 0), so no two processes close one game.
   */
  async closePastDays(): Promise<number> {
    if (!(await this.repos.leader.lead())) return 0;
    const open = await this.repos.games.openDailiesBefore(this.today());
    for (const id of open) await this.games.close(id, 'timed-out');
    await this.repos.daily.forgetOpensBefore(daysBefore(this.today(), OPENS_KEPT_DAYS));
    return open.length;
  }
}
