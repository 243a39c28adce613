import {
  type ClientMessage,
  type GameAction,
  type GameSnapshot,
  ServerMessage,
  SnapshotLine,
} from '@scorpion/protocol';
import { WebSocket } from 'ws';

type Frame = ServerMessage;
type FrameOf<T extends Frame['type']> = Extract<Frame, { type: T }>;

/** Signs up a player over REST; returns the cookie header for the socket. */
export async function signUp(url: string, nickname: string): Promise<{ cookie: string; id: string }> {
  const response = await fetch(`${url}/api/players`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  // The identity cookie alone: the device cookie beside it stays out unless a test adds it.
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('scorpion_id='))!
    .split(';')[0]!;
  const body = (await response.json()) as { player: { id: string } };
  return { cookie, id: body.player.id };
}

interface ClientExtra {
  readonly origin?: string;
  readonly autoPong?: boolean;
  readonly forwardedFor?: string;
}

/**
 * A player's socket for tests: every frame is checked against the protocol, kept in order (the
 * leak test reads them all), and can be awaited by type.
 */
export class TestClient {
  readonly frames: string[] = [];
  private readonly queue: Frame[] = [];
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly socket: WebSocket;

  /** `forwardedFor`: the address a trusting server (`trustProxy`) takes the socket to come from. */
  constructor(wsUrl: string, cookie: string | undefined, extra: ClientExtra = {}) {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    if (extra.origin) headers.origin = extra.origin;
    if (extra.forwardedFor) headers['x-forwarded-for'] = extra.forwardedFor;
    this.socket = new WebSocket(wsUrl, { headers, autoPong: extra.autoPong ?? true });
    this.socket.on('message', (data) => {
      const text = data.toString();
      this.frames.push(text);
      const frame = ServerMessage.parse(JSON.parse(text));
      const i = this.waiters.findIndex((w) => w.match(frame));
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(frame);
      else this.queue.push(frame);
    });
    this.closed = new Promise((resolve) => {
      this.socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  static async connect(
    wsUrl: string,
    cookie: string,
    extra: ClientExtra = {},
  ): Promise<TestClient & { welcome: FrameOf<'welcome'> }> {
    const client = new TestClient(wsUrl, cookie, extra);
    const welcome = await client.next('welcome');
    return Object.assign(client, { welcome });
  }

  send(message: ClientMessage | Record<string, unknown>): void {
    this.socket.send(JSON.stringify(message));
  }

  sendRaw(data: string | Buffer): void {
    this.socket.send(data);
  }

  /** The next frame of `type` (and matching `where`), from the queue or the wire. */
  next<T extends Frame['type']>(
    type: T,
    where: (f: FrameOf<T>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<FrameOf<T>> {
    return this.nextMatching((f) => f.type === type && where(f as FrameOf<T>), type, timeoutMs) as Promise<FrameOf<T>>;
  }

  nextMatching(match: (f: Frame) => boolean, what: string, timeoutMs = 5000): Promise<Frame> {
    const i = this.queue.findIndex(match);
    if (i >= 0) return Promise.resolve(this.queue.splice(i, 1)[0]!);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(
          new Error(`no ${what} frame within ${timeoutMs} ms; queued: ${JSON.stringify(this.queue).slice(0, 600)}`),
        );
      }, timeoutMs);
      const waiter = {
        match,
        resolve: (f: Frame) => {
          clearTimeout(timer);
          resolve(f);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** Sends an action and waits for its ack or error. */
  async act(message: ClientMessage): Promise<FrameOf<'ack'> | FrameOf<'error'>> {
    this.send(message);
    const gameId = 'gameId' in message ? message.gameId : null;
    const reply = (f: Frame) => (f.type === 'ack' || f.type === 'error') && f.gameId === gameId;
    return this.nextMatching(reply, 'ack or error') as Promise<FrameOf<'ack'> | FrameOf<'error'>>;
  }

  /**
   * Plays `moves` in order from `game`, expecting every one acknowledged; returns the last
   * snapshot, worked out from each ack as a client does (`SnapshotLine`, `advanceSnapshot`).
   */
  async play(game: GameSnapshot, moves: readonly unknown[]): Promise<GameSnapshot> {
    let current = game;
    for (const move of moves) {
      const reply = await this.act({
        type: 'move',
        gameId: current.gameId,
        expect: current.seq,
        move,
      } as ClientMessage);
      if (reply.type !== 'ack') throw new Error(`move ${JSON.stringify(move)} refused: ${reply.code} ${reply.message}`);
      const next = this.lineOf(current).advance(current, move as GameAction, reply);
      if (!next) throw new Error(`the ack of ${JSON.stringify(move)} does not follow from the game`);
      current = this.shown(next);
    }
    return current;
  }

  /**
   * Undoes or redoes from `game`, expecting it acknowledged; returns the snapshot after it, from
   * the boards this client was shown (`SnapshotLine`) or, as a client without them does, asked for.
   */
  async perform(game: GameSnapshot, kind: 'undo' | 'redo'): Promise<GameSnapshot> {
    const reply = await this.act({ type: kind, gameId: game.gameId, expect: game.seq });
    if (reply.type !== 'ack') throw new Error(`${kind} refused: ${reply.code} ${reply.message}`);
    const next = this.lineOf(game).advance(game, { kind }, reply);
    if (next) return this.shown(next);
    this.send({ type: 'game-resume', gameId: game.gameId });
    return this.shown((await this.next('game')).game);
  }

  /** Each game's boards as this client was shown them, and at which `seq` it last was. */
  private readonly lines = new Map<string, { line: SnapshotLine; seq: number }>();

  /** The game's line, emptied when `game` is not where this client last left it. */
  private lineOf(game: GameSnapshot): SnapshotLine {
    let kept = this.lines.get(game.gameId);
    if (!kept) {
      kept = { line: new SnapshotLine(), seq: game.seq };
      this.lines.set(game.gameId, kept);
    } else if (kept.seq !== game.seq) kept.line.reset();
    return kept.line;
  }

  private shown(game: GameSnapshot): GameSnapshot {
    const kept = this.lines.get(game.gameId);
    if (kept) kept.seq = game.seq;
    return game;
  }

  close(): Promise<{ code: number; reason: string }> {
    this.socket.close();
    return this.closed;
  }
}
