import type { RaceResult, RacerProgress, RoomState } from '@scorpion/protocol';
import { VARIANTS } from '@scorpion/rules';
import { Client, type Connection } from '../net/connection.svelte.ts';
import { m } from '../paraglide/messages.js';
import { failureWords } from '../ui/failureWords.ts';

/**
 * A room's races for a visitor who has no name (or has not given one yet): on a socket of its own
 * (`?watch=1`), which the server greets with the room and then sends what the room's members get
 * of its races. The visitor sends nothing; a refusal (too many watchers from their network, no
 * such room) is said, and the socket is not opened again.
 */
export class VisitorWatch {
  #room = $state.raw<RoomState>();
  #progress = $state.raw<{ raceId: string; racers: readonly RacerProgress[] }>();
  #results = $state.raw<readonly RaceResult[] | null>(null);
  #failure = $state('');
  readonly #connection: Connection;
  readonly #client: Client;

  /** `connection`: a visitor's (`new Connection({ watch: true })`), started here and stopped by `dispose`. */
  constructor(connection: Connection, code: () => string) {
    this.#connection = connection;
    const client = new Client(connection);
    this.#client = client;
    const mine = (c: string) => c === code();
    client.on('watching', (f) => {
      if (mine(f.room.code)) this.#onRoom(f.room);
    });
    client.on('room', (f) => {
      if (mine(f.room.code)) this.#onRoom(f.room);
    });
    client.on('race-progress', (f) => {
      if (mine(f.code)) this.#progress = { raceId: f.raceId, racers: f.racers };
    });
    client.on('race-over', (f) => {
      if (mine(f.code)) this.#results = f.results;
    });
    client.on('error', (f) => {
      if (f.code !== 'too-many-watchers' && f.code !== 'no-such-room') return;
      void failureWords(f, m.error_network()).then((text) => (this.#failure = text));
    });
    connection.start();
  }

  get room() {
    return this.#room;
  }
  get results() {
    return this.#results;
  }
  get failure() {
    return this.#failure;
  }
  get connecting(): boolean {
    return this.#room === undefined && this.#failure === '';
  }

  get racing(): boolean {
    return this.#room?.status === 'countdown' || this.#room?.status === 'racing';
  }

  get total(): number {
    return this.#room ? VARIANTS[this.#room.variant].decks * 52 : 52;
  }

  /** The race under way's standings, never a finished one's. */
  readonly racers: readonly RacerProgress[] = $derived.by(() => {
    const race = this.#room?.race;
    return race && this.#progress?.raceId === race.raceId ? this.#progress.racers : [];
  });

  dispose() {
    this.#client.dispose();
    this.#connection.stop();
  }

  #onRoom(room: RoomState) {
    this.#room = room;
    if (room.race) this.#results = null;
    else if (room.lastResults) this.#results = room.lastResults;
  }
}
