import {
  ClientMessage,
  type GameKind,
  type GameSnapshot,
  PROTOCOL_VERSION,
  ServerMessage,
  toWireView,
} from '@scorpion/protocol';
import { positionFromText, toPlayerView } from '@scorpion/rules';
import { vi } from 'vitest';
import { Connection } from './connection.svelte.ts';

/**
 * A WebSocket for tests of what runs on the tab's `Connection`: the frames both ways are checked
 * against the protocol's own schemas, and the test plays the server.
 */
export class FakeSocket {
  static readonly OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = 0;
  sent: ClientMessage[] = [];
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(ClientMessage.parse(JSON.parse(data)));
  }
  close() {
    this.readyState = 3;
    this.onclose?.({ code: 1006, reason: '' });
  }
  deliver(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(ServerMessage.parse(frame)) });
  }
  welcome(games: { gameId: string; kind: string; roomCode: string | null }[] = []) {
    this.readyState = FakeSocket.OPEN;
    this.deliver({
      type: 'welcome',
      protocol: PROTOCOL_VERSION,
      player: { id: 'p1', nickname: 'Ada' },
      serverTime: 0,
      games,
      rooms: [],
    });
  }
}

/** The browser globals a `Connection` uses, with `FakeSocket` for its sockets; undo with `vi.unstubAllGlobals`. */
export function stubBrowser(pathname = '/') {
  FakeSocket.opened = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('location', { protocol: 'http:', host: 'localhost:8080', pathname });
  vi.stubGlobal('addEventListener', () => {});
  vi.stubGlobal('removeEventListener', () => {});
  vi.stubGlobal('document', { addEventListener: () => {}, removeEventListener: () => {}, visibilityState: 'visible' });
}

/** The socket opened last. */
export const socket = () => FakeSocket.opened.at(-1)!;

/** The tab's `Connection` at `pathname`, started on a `FakeSocket` and welcomed: online. */
export function onlineConnection(pathname: string): Connection {
  stubBrowser(pathname);
  const connection = new Connection();
  connection.start();
  socket().welcome();
  return connection;
}

/** The last message sent on the socket opened last, as the server read it. */
export const lastSent = () => socket().sent.at(-1)!;

/** Lets the promises that frames settled run their callbacks. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** An error frame, in answer to request `rid` when there is one. */
export function errorFrame(rid: string | undefined, code: string, ref: string, gameId: string | null = null) {
  return {
    type: 'error',
    code,
    message: `refused: ${code}`,
    ref,
    gameId,
    reason: null,
    game: null,
    ...(rid === undefined ? {} : { rid }),
  };
}

/** A room's settings, as a `room-create` asks for them and `roomState` shows them. */
export const roomChoice = {
  variant: 'scorpion',
  options: { foundations: false, open: false },
  timeLimit: 10,
  winnableOnly: true,
  rated: false,
  bestOf: 1,
  finishWindow: 30,
} as const;

/** A room's state as the server sends it: a lobby with Ada (`p1`) as its host, unless `patch` says otherwise. */
export function roomState(code: string, patch: Record<string, unknown> = {}) {
  return {
    code,
    hostId: 'p1',
    ...roomChoice,
    series: null,
    members: [{ id: 'p1', nickname: 'Ada', host: true, connected: true }],
    status: 'lobby',
    race: null,
    lastResults: null,
    serverTime: 0,
    ...patch,
  };
}

/** A game as the server sends it whole: a small open position, `kind` and the fields of `patch` aside. */
export function gameSnapshot(gameId: string, kind: GameKind, patch: Partial<GameSnapshot> = {}): GameSnapshot {
  const state = positionFromText('scorpion', 'ac 9H | 8S TH | 5S | 7H', { stock: 'AS 2S 3S' });
  return {
    gameId,
    kind,
    ranked: false,
    seq: 0,
    view: toWireView(toPlayerView(state)),
    status: 'playing',
    stuck: false,
    canUndo: false,
    canRedo: false,
    moves: 0,
    undos: 0,
    progress: 0,
    faceDown: 1,
    elapsedMs: 0,
    serverTime: 0,
    daily: null,
    roomCode: null,
    raceId: null,
    arena: null,
    hints: 0,
    seed: null,
    record: null,
    ...patch,
  };
}

/** A watched player's board as a race's or an arena's watcher gets it (their `gameId`), `moves` moves in. */
export function watchedBoard(gameId: string, moves: number) {
  const state = positionFromText('scorpion', 'ac 9H | 8S TH | 5S | 7H', { stock: 'AS 2S 3S' });
  return {
    gameId,
    seq: moves,
    view: toWireView(toPlayerView(state)),
    progress: 0,
    faceDown: 1,
    moves,
    state: 'playing',
    asOf: 0,
    serverTime: 0,
  };
}
