import type { ClientMessage } from '@scorpion/protocol';
import { Client, type Link } from '../net/connection.svelte.ts';
import type { Session } from '../net/session.svelte.ts';
import { m } from '../paraglide/messages.js';

type RoomCreate = Extract<ClientMessage, { type: 'room-create' }>;
/** What the host chose for the room. */
export type RoomChoice = Omit<RoomCreate, 'type' | 'rid'>;

export interface RaceNewOptions {
  readonly session: Pick<Session, 'ensurePlayer'>;
  /** The room is made: its page. */
  readonly open: (code: string) => void;
}

/** The new room's form: a room is asked for, and its page opens once the server has made it. */
export class RaceNewPage {
  /** Create was pressed: waiting for the room (sent once online, if the socket was not up yet). */
  #creating = $state(false);
  #failure = $state('');
  readonly #client: Client;
  readonly #options: RaceNewOptions;

  constructor(link: Link, options: RaceNewOptions) {
    this.#client = new Client(link);
    this.#options = options;
  }

  get creating() {
    return this.#creating;
  }

  get failure() {
    return this.#failure;
  }

  /** A room needs a name: asked here, the first time one is needed. */
  async create(choice: RoomChoice) {
    this.#failure = '';
    if (!(await this.#options.session.ensurePlayer())) return;
    this.#creating = true;
    // Pressed before there was a socket (a nickname was just picked): sent once online.
    const answer = await this.#client.request({ type: 'room-create', ...choice }, !this.#client.online);
    if (answer.ok) {
      if (answer.frame.type === 'room') this.#options.open(answer.frame.room.code);
      return;
    }
    this.#creating = false;
    this.#failure = answer.refusal.type === 'error' ? answer.refusal.message : m.race_not_connected();
  }

  dispose() {
    this.#client.dispose();
  }
}
