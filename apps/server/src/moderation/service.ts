import type { ReportBody } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import { totalsOf } from '../daily/stats.ts';
import { newId } from '../identity/token.ts';
import { type Refusal, refuse } from '../refusal.ts';
import type { CaseRow, ModLogRow, RefundRow, Repos } from '../repo/types.ts';
import { REFUND_DAYS, REFUND_RACES, refundsFor } from './refund.ts';

const DAY_MS = 86_400_000;
/** How many open entries the queue shows at once, the oldest first. */
export const QUEUE_PAGE = 100;

/**
 * Where a held game's result lives (the evidence from play keeps it off the board): a moderator's
 * clear puts it back, and the undo of that clear holds it again.
 */
export interface HeldGames {
  release(gameId: string): Promise<void>;
  hold(gameId: string): Promise<void>;
}

export type Done<T = object> = ({ readonly ok: true } & T) | Refusal;

/**
 * Reports, the moderators' queue, marks, refunds and appeals. A person decides every sanction:
 * nothing here marks a player but a moderator's `mark`, and every action is logged and undoable.
 */
export class ModerationService {
  readonly #repos: Repos;
  readonly #now: Clock;
  readonly #held: HeldGames | undefined;

  constructor(repos: Repos, now: Clock, held?: HeldGames) {
    this.#repos = repos;
    this.#now = now;
    this.#held = held;
  }

  /** A player's report of another, from a race's results, a profile or an arena's standings. */
  async report(reporterId: string, body: ReportBody): Promise<Done<{ reportId: string }>> {
    if (body.playerId === reporterId) return refuse('report-self', 'You cannot report yourself.');
    const player = await this.#repos.players.byId(body.playerId);
    if (!player) return refuse('not-found', 'There is no such player.');
    const row = this.#case('report', player.id, {
      reporterId,
      reason: body.reason,
      note: body.note || null,
      source: body.source,
      gameId: body.gameId ?? null,
      raceId: body.raceId ?? null,
    });
    if ((await this.#repos.moderation.open(row)) === 'open') {
      return refuse(
        'report-open',
        `You have already reported ${player.nickname}; a moderator will look at it. You will hear if it leads to action.`,
      );
    }
    return { ok: true, reportId: row.id };
  }

  /**
   * A ranked game held off the board by its evidence from play, queued for a moderator with the
   * evidence in a sentence: the hook the evidence calls when a game's score passes the threshold.
   * Queued once per game ('open' when it already was).
   */
  async enqueueHeld(held: { playerId: string; gameId: string; summary: string }): Promise<'ok' | 'open'> {
    return this.#repos.moderation.open(
      this.#case('held', held.playerId, { gameId: held.gameId, summary: held.summary }),
    );
  }

  async isModerator(playerId: string): Promise<boolean> {
    return this.#repos.moderation.isModerator(playerId);
  }

  queue() {
    return this.#repos.moderation.queue(QUEUE_PAGE);
  }

  log(offset: number, limit: number) {
    return this.#repos.moderation.log(offset, limit);
  }

  /** Marks the player: off every board, and their rated opponents of the last days refunded. */
  async mark(moderatorId: string, playerId: string, reason: string): Promise<Done> {
    if (!(await this.#repos.players.byId(playerId))) return refuse('not-found', 'There is no such player.');
    const at = this.#now();
    const refunds = await this.#refunds(playerId, at);
    const done = await this.#repos.moderation.mark(this.#log(moderatorId, 'mark', playerId, reason, at), refunds);
    if (done === 'marked') return refuse('already-marked', 'That player is marked already.');
    await this.#syncHeld(playerId);
    return { ok: true };
  }

  /** Clears the player: a mark lifted (refunds taken back), every entry about them closed, held games back on the board. */
  async clear(moderatorId: string, playerId: string, reason: string): Promise<Done> {
    if (!(await this.#repos.players.byId(playerId))) return refuse('not-found', 'There is no such player.');
    await this.#repos.moderation.clear(this.#log(moderatorId, 'clear', playerId, reason, this.#now()));
    await this.#syncHeld(playerId);
    return { ok: true };
  }

  /** Closes one entry with no action against anyone. */
  async dismiss(moderatorId: string, caseId: string, reason: string): Promise<Done> {
    const done = await this.#repos.moderation.dismiss(
      this.#log(moderatorId, 'dismiss', '', reason, this.#now()),
      caseId,
    );
    if (done === 'unknown') return refuse('not-found', 'There is no such entry in the queue.');
    if (done === 'closed') return refuse('case-closed', 'That entry is closed already.');
    return { ok: true };
  }

  /** Undoes a logged action, once, if it is the latest about its player. */
  async undo(moderatorId: string, logId: string): Promise<Done> {
    const entry = await this.#repos.moderation.logEntry(logId);
    if (!entry) return refuse('not-found', 'There is no such action in the log.');
    const at = this.#now();
    const remark = entry.action === 'clear' && entry.unmarked;
    const refunds = remark ? await this.#refunds(entry.playerId, at) : [];
    const done = await this.#repos.moderation.undo(logId, moderatorId, at, refunds);
    if (done === 'unknown') return refuse('not-found', 'There is no such action in the log.');
    if (typeof done === 'string') {
      return refuse(
        'undo-refused',
        done === 'undone'
          ? 'That action is undone already.'
          : 'A later action about the same player stands: undo that one first.',
      );
    }
    await this.#syncHeld(entry.playerId);
    return { ok: true };
  }

  /** A marked player's one appeal: it goes to the queue. */
  async appeal(playerId: string, note: string | undefined): Promise<Done> {
    const done = await this.#repos.moderation.appeal(this.#case('appeal', playerId, { note: note || null }));
    if (done === 'not-marked') return refuse('not-marked', 'You are not marked: there is nothing to appeal.');
    if (done === 'appealed') return refuse('appeal-used', 'You have appealed already; a moderator will look at it.');
    return { ok: true };
  }

  notices(playerId: string) {
    return this.#repos.moderation.notices(playerId);
  }

  /**
   * Puts each of the player's held games where the queue says it belongs: held while its entry is
   * open, or confirmed by a mark that stands; back on the board once cleared or dismissed, or
   * when the mark that confirmed it is lifted. The store's calls are idempotent. Then the
   * player's totals and their days' counts are worked out again from what now counts.
   */
  async #syncHeld(playerId: string): Promise<void> {
    const held = this.#held;
    if (held) {
      const marked = await this.#repos.moderation.isMarked(playerId);
      for (const { gameId, status } of await this.#repos.moderation.heldOf(playerId)) {
        const stays = status === 'open' || (status === 'actioned' && marked);
        await (stays ? held.hold(gameId) : held.release(gameId));
      }
    }
    // What counts of theirs may have changed (a mark, a clear, a held game back): counts and streaks again.
    await this.#repos.boards.recount(playerId, totalsOf);
  }

  /** What a mark now would give back: lichess's rule over the last days' rated races. */
  async #refunds(playerId: string, at: number): Promise<RefundRow[]> {
    const races = await this.#repos.moderation.ratedRacesOf(playerId, at - REFUND_DAYS * DAY_MS, REFUND_RACES);
    const opponents = [...new Set(races.flatMap((r) => r.racers.map((x) => x.playerId)))].filter(
      (id) => id !== playerId,
    );
    return refundsFor(playerId, races, await this.#repos.moderation.victimRatings(opponents));
  }

  #case(kind: CaseRow['kind'], playerId: string, rest: Partial<CaseRow>): CaseRow {
    return {
      id: newId(),
      kind,
      playerId,
      reporterId: null,
      reason: null,
      note: null,
      source: null,
      gameId: null,
      raceId: null,
      summary: null,
      createdAt: this.#now(),
      ...rest,
    };
  }

  #log(moderatorId: string, action: ModLogRow['action'], playerId: string, reason: string, at: number): ModLogRow {
    return {
      id: newId(),
      moderatorId,
      action,
      playerId,
      reason,
      at,
      cases: [],
      unmarked: false,
      undoneAt: null,
      undoneBy: null,
    };
  }
}
