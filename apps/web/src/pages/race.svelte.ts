import type { RaceResult, RacerProgress, RatingChange, RoomState } from '@scorpion/protocol';
import { VARIANTS } from '@scorpion/rules';
import { OnlineGame } from '../game/onlineGame.svelte.ts';
import { stillPlaying } from '../lib/raceFinished.ts';
import { raceProgressFrom } from '../lib/raceProgress.ts';
import { type Answer, Client, type Link } from '../net/connection.svelte.ts';
import type { Session } from '../net/session.svelte.ts';

/** What the room's page needs of the session. */
export type RaceSession = Pick<Session, 'player' | 'guest' | 'ensurePlayer'>;

export interface RacePageOptions {
  /** The room's code, as the address says it now. */
  readonly code: () => string;
  /** A code no room can have: nothing is asked of the server. */
  readonly malformed: () => boolean;
  readonly session: RaceSession;
  /** Off the room's list: the page goes home. */
  readonly home: () => void;
}

const OFFLINE_START = 'You are offline: start the race once the connection is back.';
const OFFLINE_LEAVE = 'You are offline: leave the room once the connection is back.';

/**
 * A room's page: its members, its race and the player's game in it, the last race's results. The
 * room comes from `room` frames (pushed to every member, or in answer to this page's join and
 * leave); a join, start or leave that the server turns down is that request's own refusal.
 */
export class RacePage {
  #room = $state.raw<RoomState>();
  #game = $state.raw<OnlineGame>();
  #progress = $state.raw<{ raceId: string; racers: readonly RacerProgress[] }>();
  #results = $state.raw<readonly RaceResult[] | undefined>();
  /** The last rated race's rating changes, as its race-over frame told them. */
  #ratings = $state.raw<readonly RatingChange[] | null>(null);
  /** The host who ended the last race while some still played, as its race-over frame told. */
  #endedBy = $state<string | null>(null);
  #failure = $state('');
  /** `room-leave` is out: home once the server has taken us off the list. */
  #leaving = $state(false);
  /** `room-start` is out: a winnable deal can take the solver a few seconds to find. */
  #starting = $state(false);
  readonly #client: Client;
  readonly #options: RacePageOptions;

  constructor(link: Link, options: RacePageOptions) {
    this.#client = new Client(link);
    this.#options = options;
    const client = this.#client;
    client.on('room', (m) => {
      if (m.room.code === this.#code) this.#onRoom(m.room);
    });
    client.on('game', (m) => {
      // A race game: the first one, or a rematch's new deal.
      if (m.game.roomCode !== this.#code || m.game.gameId === this.#game?.id) return;
      this.#game?.dispose();
      this.#game = new OnlineGame(link, m.game);
    });
    client.listen((m) => {
      if (m.type === 'race-progress' || m.type === 'ack')
        this.#progress = raceProgressFrom(m, this.#code) ?? this.#progress;
    });
    client.on('race-over', (m) => {
      if (m.code !== this.#code) return;
      this.#results = m.results;
      this.#ratings = m.ratings;
      this.#endedBy = m.endedBy;
    });
    // Every (re)connection: come back into the room, and pick up this room's unfinished game.
    client.onReady(() => this.#onReady());
  }

  get room() {
    return this.#room;
  }
  get game() {
    return this.#game;
  }
  get results() {
    return this.#results;
  }
  get ratings() {
    return this.#ratings;
  }
  get endedBy() {
    return this.#endedBy;
  }
  get failure() {
    return this.#failure;
  }
  get leaving() {
    return this.#leaving;
  }
  get starting() {
    return this.#starting;
  }

  get me(): string | undefined {
    return this.#options.session.player?.id;
  }
  get isHost(): boolean {
    return this.#room !== undefined && this.#room.hostId === this.me;
  }
  get total(): number {
    return this.#room ? VARIANTS[this.#room.variant].decks * 52 : 52;
  }
  get racing(): boolean {
    return this.#room?.status === 'countdown' || this.#room?.status === 'racing';
  }
  get present(): number {
    return this.#room ? this.#room.members.filter((m) => m.connected).length : 0;
  }
  get away(): number {
    return this.#room ? this.#room.members.length - this.present : 0;
  }
  get hostAway(): boolean {
    return this.#room?.members.some((m) => m.host && !m.connected) ?? false;
  }

  /** The race under way, never a finished one's last word. */
  readonly racers: readonly RacerProgress[] = $derived.by(() => {
    const race = this.#room?.race;
    return race && this.#progress?.raceId === race.raceId ? this.#progress.racers : [];
  });

  /** Who races now; the others in the room watch (only members present at the start are dealt in). */
  readonly racerIds: ReadonlySet<string> | undefined = $derived(
    this.racing && this.racers.length > 0 ? new Set(this.racers.map((r) => r.playerId)) : undefined,
  );

  /** The player's game in the race under way. */
  get currentGame(): OnlineGame | undefined {
    const game = this.#game;
    return game && this.#room?.race && game.snapshot.raceId === this.#room.race.raceId ? game : undefined;
  }

  /**
   * Whom the host may stop waiting for (`room-end`): in a race without a time limit, the others
   * still playing, once the host's own game is over (or they are not racing). Empty otherwise.
   */
  get endable(): readonly RacerProgress[] {
    const game = this.currentGame;
    const untimed = this.#room?.race?.endsAt === null;
    return this.isHost && this.racing && untimed && !(game && !game.over) ? stillPlaying(this.racers, this.me) : [];
  }

  /** Your row in the last race's results, if you raced in it. */
  get mine(): RaceResult | undefined {
    return this.#results?.find((r) => r.playerId === this.me);
  }

  start() {
    this.#failure = '';
    // Not kept for later, unlike a give-up: who is present may have changed by the time the socket is back.
    if (!this.#client.online) {
      this.#failure = OFFLINE_START;
      return;
    }
    this.#starting = true;
    void this.#client.request({ type: 'room-start', code: this.#code }).then((a) => this.#refused(a));
  }

  leave() {
    this.#failure = '';
    if (!this.#client.online) {
      this.#failure = OFFLINE_LEAVE;
      return;
    }
    this.#leaving = true;
    this.#sendLeave();
  }

  /**
   * Joins once the visitor has a name: a new player's socket opens with it and joins on ready; a
   * guest (who played the daily unnamed) is online already, so their join is sent here.
   */
  async joinNamed() {
    const session = this.#options.session;
    const wasGuest = session.guest;
    if ((await session.ensurePlayer()) && wasGuest) this.#join();
  }

  dispose() {
    this.#client.dispose();
    this.#game?.dispose();
  }

  get #code() {
    return this.#options.code();
  }

  #onRoom(room: RoomState) {
    if (this.#leaving && !room.members.some((member) => member.id === this.me)) {
      this.#options.home();
      return;
    }
    this.#room = room;
    if (room.race) this.#starting = false;
    if (room.status === 'countdown' || room.status === 'racing') {
      this.#results = undefined;
      this.#ratings = null;
      this.#endedBy = null;
    } else if (room.lastResults) this.#results = room.lastResults;
  }

  #onReady() {
    // A guest who has not named themselves yet joins once they have (`joinNamed`).
    if (this.#options.malformed() || this.#options.session.guest) return;
    // A start lost with the old socket is not waited for: the room frame that follows tells.
    this.#starting = false;
    // "You are offline…" is over; a refusal that still holds comes again with the join.
    this.#failure = '';
    // A leave that a dropped socket may have lost is sent again, instead of joining back.
    if (this.#leaving) return this.#sendLeave();
    this.#join();
    for (const g of this.#client.welcome?.games ?? []) {
      if (g.roomCode === this.#code && g.gameId !== this.#game?.id) {
        this.#client.send({ type: 'game-resume', gameId: g.gameId });
      }
    }
  }

  #join() {
    void this.#client.request({ type: 'room-join', code: this.#code }).then((a) => this.#refused(a));
  }

  #sendLeave() {
    void this.#client.request({ type: 'room-leave', code: this.#code }).then((a) => {
      // Not in the room (any more): nothing to leave, so the leave is done.
      if (!a.ok && a.refusal.type === 'error' && a.refusal.code === 'not-in-room') this.#options.home();
      else this.#refused(a);
    });
  }

  /** The server turned a join, start or leave down: said, and nothing is waited for any more. */
  #refused(answer: Answer) {
    if (answer.ok || answer.refusal.type !== 'error') return;
    this.#failure = answer.refusal.message;
    this.#leaving = false;
    this.#starting = false;
  }
}
