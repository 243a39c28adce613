import type { HintAnswer, Player } from '@scorpion/protocol';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Hint } from '../game/solver.ts';
import { Connection } from '../net/connection.svelte.ts';
import { gameSnapshot, socket, stubBrowser } from '../net/fakeSocket.ts';
import { type AskHint, PracticePage, type PracticeSession } from './practice.svelte.ts';

const SEED = '0123456789abcdef0123456789abcdef';
const MOVE = { kind: 'move', from: 1, row: 1, to: 3 } as const;

class FakeSession implements PracticeSession {
  player: Player | null | undefined;
  offline = false;
  constructor(player: Player | null) {
    this.player = player;
  }
}

/** The browser's solver: counts what it is asked, and always answers the same move. */
const browserSolver = () => {
  const asked: unknown[] = [];
  return {
    asked,
    hint: async (state: unknown): Promise<Hint> => {
      asked.push(state);
      return { kind: 'move', move: MOVE, line: [MOVE] };
    },
    winnableDeal: async () => ({ found: false as const, tried: 1 }),
  };
};

let connection: Connection;
let page: PracticePage;
let disconnect = () => {};
let query = new URLSearchParams();
const navigate = (href: string) => {
  query = new URL(href, 'http://localhost').searchParams;
};

beforeEach(() => {
  vi.useFakeTimers();
  stubBrowser('/practice');
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {} });
  query = new URLSearchParams();
  connection = new Connection();
  connection.start();
});
afterEach(() => {
  disconnect();
  disconnect = () => {};
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function serverPage(askHint: AskHint, solver = browserSolver(), hints = 0) {
  page = new PracticePage(connection, {
    query: () => query,
    navigate,
    session: new FakeSession({ id: 'p1', nickname: 'Ada' }),
    solver,
    askHint,
  });
  // What the component's effects do: play where the player can, and on the server, connect.
  page.follow(page.reachable);
  expect(page.mode).toBe('server');
  disconnect = page.connect();
  socket().welcome();
  const [start] = socket().sent;
  expect(start?.type).toBe('practice-start');
  socket().deliver({ type: 'game', game: gameSnapshot('g1', 'practice', { hints }), rid: start!.rid });
  expect(page.online?.id).toBe('g1');
}

test("a game the server dealt gets its hint from the server, never from the browser's solver, and is marked", async () => {
  const asked: [string, number][] = [];
  const solver = browserSolver();
  serverPage(async (gameId, seq) => {
    asked.push([gameId, seq]);
    return { seq, hint: { kind: 'move', move: MOVE }, hints: 1 } satisfies HintAnswer;
  }, solver);
  expect(page.hints).toBe(0);
  await page.askHint();
  expect(asked).toEqual([['g1', 0]]);
  expect(solver.asked).toEqual([]);
  expect(page.hintMove).toEqual(MOVE);
  expect(page.hints).toBe(1);
});

test('a game that comes back with hints (a reload) is marked at once, and counts on from there', async () => {
  serverPage(async (_gameId, seq) => ({ seq, hint: { kind: 'move', move: MOVE }, hints: 3 }), browserSolver(), 2);
  expect(page.hints).toBe(2);
  await page.askHint();
  expect(page.hints).toBe(3);
});

test('an answer for a position the game has left is not shown', async () => {
  let answer: (a: HintAnswer) => void = () => {};
  serverPage(() => new Promise((resolve) => (answer = resolve)));
  const asking = page.askHint();
  expect(page.thinking).toBe(true);
  expect(page.canHint).toBe(false);
  // The game moved on meanwhile (another tab): the answer is for seq 0.
  socket().deliver({ type: 'game', game: gameSnapshot('g1', 'practice', { seq: 1, moves: 1 }) });
  answer({ seq: 0, hint: { kind: 'move', move: MOVE }, hints: 1 });
  await asking;
  expect(page.hintMove).toBeUndefined();
  expect(page.hints).toBe(1);
  expect(page.thinking).toBe(false);
});

test("the server's refusal is said in the words of its code, and nothing is marked", async () => {
  const { ApiFailure } = await import('../net/api.ts');
  serverPage(async () => {
    throw new ApiFailure('solver-unavailable', 'The solver is not running just now: try the hint again later.');
  });
  await page.askHint();
  expect(page.hintFailure).toBe('The solver is busy: try again in a moment.');
  expect(page.hint).toBeUndefined();
  expect(page.hints).toBe(0);
});

test("without a nickname the game is the browser's, and so is its hint: the server is not asked", async () => {
  query = new URLSearchParams({ variant: 'scorpion', seed: SEED });
  const solver = browserSolver();
  const askHint = vi.fn<AskHint>();
  page = new PracticePage(connection, {
    query: () => query,
    navigate,
    session: new FakeSession(null),
    solver,
    askHint,
  });
  page.follow(page.reachable);
  expect(page.mode).toBe('local');
  expect(page.address).toBe(`/practice?variant=scorpion&seed=${SEED}`);
  await page.askHint();
  expect(solver.asked).toHaveLength(1);
  expect(askHint).not.toHaveBeenCalled();
  expect(page.hintMove).toEqual(MOVE);
  expect(page.hints).toBe(0);
});
