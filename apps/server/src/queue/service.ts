import { randomUUID } from 'node:crypto';
import {
  DEFAULT_FINISH_WINDOW,
  type GameOptions,
  type QueueStatus,
  type ServerMessage,
  type VariantId,
} from '@scorpion/protocol';
import { VARIANTS } from '@scorpion/rules';
import type { ChallengeService } from '../challenges/service.ts';
import type { Clock } from '../clock.ts';
import type { GameService } from '../games/service.ts';
import type { Seen } from '../identity/device.ts';
import type { RoomSpec } from '../races/answers.ts';
import type { RaceHub } from '../races/hub.ts';
import { NEW_PLAYER_RATING, shown } from '../ratings/shown.ts';
import type { Push } from '../realtime/ports.ts';
import { type Answer, type Refusal, refuse } from '../refusal.ts';
import type { Repos } from '../repo/types.ts';
import { isStorageUnavailable } from '../repo/unavailable.ts';
import { pickGhost } from './ghosts.ts';
import { bandAfter, formGroups, GHOST_OFFER_MS, type QueueEntry, queueOf } from './matching.ts';
import type { QueueStore } from './store.ts';

/**
 * A quick race's room: rated (that is what a race with strangers is for), a deal proved
 * winnable (nobody loses rating to an impossible deal), 10 minutes (a long game does not hold
 * a stranger for ever), single races; the first matched player hosts the rematch.
 */
export const QUICK_ROOM: Omit<RoomSpec, 'variant' | 'options'> = {
  timeLimit: 10,
  winnableOnly: true,
  rated: true,
  bestOf: 1,
  finishWindow: DEFAULT_FINISH_WINDOW,
};

/**
 * An entry whose player is present nowhere is dropped once this old: longer than a dead
 * process's players stay in the others' mirror of presence (about 13 s, docs/operations.md).
 */
const STALE_MS = 15_000;

/** Recorded in the store when no recorded game could be offered: the offer is not made again. */
const NO_GHOST = '-';

export interface QuickQueueDeps {
  readonly repos: Pick<Repos, 'ratings' | 'profiles' | 'games' | 'players'>;
  readonly games: Pick<GameService, 'isPublic'>;
  readonly hub: Pick<RaceHub, 'openMatched'>;
  readonly challenges: Pick<ChallengeService, 'linkTo'>;
  readonly store: QueueStore;
  readonly push: Push;
  /** Players with a socket open now, on every process. */
  readonly online: () => number;
  readonly now: Clock;
  /** How long a player waits before a ghost is offered: `GHOST_OFFER_MS`, shorter only in the browser tests. */
  readonly ghostOfferMs?: number;
  /** This process: it keeps the players whose sockets joined here told how their wait goes. */
  readonly nodeId: string;
  readonly log: (error: unknown, what: string) => void;
}

/**
 * "Race someone now": one queue per variant and option set. Every `MATCH_EVERY_MS` (`tick`)
 * the waiting players are grouped by rating (`formGroups`), each group claimed atomically from
 * the store and turned into a rated room whose race starts at once; its players are told the
 * room's code and go there. Whoever has waited `GHOST_OFFER_MS` is offered a race against a
 * recorded game instead, unrated. Any process may match anyone: the store makes a claim
 * all-or-nothing, so two processes matching at once never both take a player.
 */
export class QuickQueue {
  private turn: Promise<void> = Promise.resolve();
  private readonly d: QuickQueueDeps;

  constructor(d: QuickQueueDeps) {
    this.d = d;
  }

  /**
   * The player waits in the queue of the variant (of the game it is another name of, as Scorpion
   * Tail is of Scorpion: one queue pairs more players), replacing their entry from another tab.
   */
  async join(playerId: string, asked: VariantId, options: GameOptions, seen: Seen): Promise<Answer<QueueStatus>> {
    const variant = VARIANTS[asked].sameAs ?? asked;
    // One rated race at a time: a second would be played with half an eye, and rated all the same.
    const racing = (await this.d.repos.games.unfinishedOf(playerId)).find((g) => g.kind === 'race');
    if (racing) {
      const where = racing.roomCode ? ` (room ${racing.roomCode})` : '';
      return refuse('race-running', `You are in a race${where}: finish it or give up first.`);
    }
    const [rating] = await this.d.repos.ratings.of([playerId]);
    const entry: QueueEntry = {
      playerId,
      entryId: randomUUID(),
      variant,
      options,
      rating: shown(rating ?? NEW_PLAYER_RATING).rating,
      since: this.d.now(),
      device: seen.device,
      node: this.d.nodeId,
    };
    const before = await this.d.store.put(entry);
    // The other tab hears that it no longer waits (it tells by its own entry id).
    if (before) this.d.push.send(playerId, this.status(before, 'left', 'replaced', 0));
    const waiting = (await this.d.store.all()).filter((e) => queueOf(e) === queueOf(entry)).length;
    return { ok: true, value: this.status(entry, 'waiting', null, waiting) };
  }

  async leave(playerId: string): Promise<Answer<QueueStatus>> {
    const entry = await this.d.store.get(playerId);
    if (!entry || !(await this.d.store.remove(playerId, entry.entryId))) return notQueued();
    return { ok: true, value: this.status(entry, 'left', 'left', 0) };
  }

  /**
   * The answer to a ghost offer: accepted, the player leaves the queue for the recorded game's
   * challenge link (`/c/CODE`), where it is played beside its ghost, unrated; declined, they
   * keep waiting (and may still accept it later).
   */
  async ghost(playerId: string, accept: boolean): Promise<Answer<ServerMessage[]>> {
    const entry = await this.d.store.get(playerId);
    const gameId = entry && (await this.d.store.offered(playerId, entry.entryId));
    if (!entry || !gameId || gameId === NO_GHOST) return notQueued('No ghost race is offered to you now.');
    if (!accept) return { ok: true, value: [] };
    const game = await this.d.repos.games.get(gameId);
    if (!game || !(await this.d.store.remove(playerId, entry.entryId))) return notQueued();
    const challenge = await this.d.challenges.linkTo(game);
    return {
      ok: true,
      value: [
        this.status(entry, 'left', 'ghost', 0),
        { type: 'queue-ghost-ready', entryId: entry.entryId, code: challenge.code },
      ],
    };
  }

  /** Everyone waiting now, in every queue, as the store holds them. */
  waiting(): Promise<QueueEntry[]> {
    return this.d.store.all();
  }

  /** The player's last socket closed: they no longer wait (wherever they had joined). */
  presenceChanged(playerId: string): void {
    if (this.d.push.connected(playerId)) return;
    void this.d.store.remove(playerId).catch((error: unknown) => {
      // Out of reach (Redis away): the entry goes at the next look, its player being absent then.
      if (!isStorageUnavailable(error)) this.d.log(error, 'queue entry not removed');
    });
  }

  /**
   * One look at the queue: races made, ghosts offered, the waiting told the counts. Looks take
   * turns (the timer's and a test's), each on the whole queue as it is then.
   */
  tick(): Promise<void> {
    this.turn = this.turn.then(
      () => this.look(),
      () => this.look(),
    );
    return this.turn;
  }

  private async look(): Promise<void> {
    const { store, push, now } = this.d;
    const all = await store.all();
    const waiting: QueueEntry[] = [];
    for (const entry of all) {
      if (push.connected(entry.playerId)) waiting.push(entry);
      // A process that died left its players' entries behind: nobody is there to race. A young
      // entry may only be one whose player this process's mirror of presence has not heard of yet.
      else if (now() - entry.since > STALE_MS) await store.remove(entry.playerId, entry.entryId);
    }
    const matched = new Set<string>();
    for (const group of formGroups(waiting, now())) {
      if (!(await store.claim(group))) continue;
      for (const e of group) matched.add(e.playerId);
      await this.race(group);
    }
    const left = waiting.filter((e) => !matched.has(e.playerId));
    const counts = new Map<string, number>();
    for (const e of left) counts.set(queueOf(e), (counts.get(queueOf(e)) ?? 0) + 1);
    for (const entry of left) {
      if (entry.node !== this.d.nodeId) continue;
      if (now() - entry.since >= (this.d.ghostOfferMs ?? GHOST_OFFER_MS)) await this.offerGhost(entry);
      push.send(entry.playerId, this.status(entry, 'waiting', null, counts.get(queueOf(entry)) ?? 0));
    }
  }

  /** A claimed group races: its room is made here, and everyone in it is sent there. */
  private async race(group: readonly QueueEntry[]): Promise<void> {
    const { variant, options } = group[0]!;
    const ids = group.map((e) => e.playerId);
    const opened = await this.d.hub.openMatched(ids, { variant, options, ...QUICK_ROOM }).catch((error: unknown) => {
      this.d.log(error, 'quick race not opened');
      return undefined;
    });
    if (!opened?.ok) {
      // No race (the solver is restarting, someone dropped): whoever is still here waits on,
      // with the time they have waited.
      for (const e of group) if (this.d.push.connected(e.playerId)) await this.d.store.put(e);
      return;
    }
    const [names, ratings] = await Promise.all([this.d.repos.players.byIds(ids), this.d.repos.ratings.of(ids)]);
    const players = ids.map((id) => {
      const rating = ratings.find((r) => r.playerId === id);
      return {
        id,
        nickname: names.find((p) => p.id === id)?.nickname ?? '?',
        rating: shown(rating ?? NEW_PLAYER_RATING),
      };
    });
    for (const e of group) {
      this.d.push.send(e.playerId, { type: 'queue-matched', entryId: e.entryId, code: opened.value.code, players });
    }
  }

  private async offerGhost(entry: QueueEntry): Promise<void> {
    if ((await this.d.store.offered(entry.playerId, entry.entryId)) !== undefined) return;
    const band = bandAfter(this.d.now() - entry.since);
    const pick = await pickGhost(this.d.repos, this.d.games, { ...entry, band });
    if (!(await this.d.store.offer(entry, pick?.game.id ?? NO_GHOST))) return;
    this.d.push.send(entry.playerId, {
      type: 'queue-ghost-offer',
      entryId: entry.entryId,
      ghost: pick
        ? {
            nickname: pick.nickname,
            rating: pick.rating,
            won: pick.game.status === 'won',
            timeMs: pick.game.timeMs ?? 0,
          }
        : null,
      widened: pick?.widened ?? false,
    });
  }

  private status(
    entry: QueueEntry,
    status: QueueStatus['status'],
    reason: QueueStatus['reason'],
    waiting: number,
  ): QueueStatus {
    const now = this.d.now();
    return {
      type: 'queue',
      entryId: entry.entryId,
      status,
      reason,
      variant: entry.variant,
      options: entry.options,
      since: entry.since,
      waiting,
      online: this.d.online(),
      band: bandAfter(now - entry.since),
      serverTime: now,
    };
  }
}

function notQueued(message = 'You are not waiting for a quick race.'): Refusal {
  return refuse('not-queued', message);
}
