import { ErrorMessage, GameMessage, type GameSnapshot } from '@scorpion/protocol';
import { currentState, newGame, newHistory, play } from '@scorpion/rules';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { gate } from '../secrecy.ts';
import { signUp, TestClient } from '../test/client.ts';
import { FIXED_SEED, fixedDeals, WINNING, WINNING_DECK } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { visibleCodes } from '../test/visible.ts';
import { MAX_FRAME_BYTES } from '../ws/close-codes.ts';
import { type FuzzFrame, fuzzFrames } from './frames.ts';
import { type Exchange, Probe } from './probe.ts';

/*
 * Random and mutated frames against one live server, over a real socket, for a bounded time
 * (FUZZ_MS, 12 s by default; set it higher to fuzz longer locally). After every frame: the
 * answer is one typed `bad-message` error, or the close code the protocol documents for that
 * kind of frame; the server still answers HTTP; the player's game and the database are as they
 * were; and no reply holds a card that is face down or in the stock, nor the deal's seed.
 */
const FUZZ_MS = Number(process.env.FUZZ_MS ?? 12_000);
const PLAYED = 5;

let server: RunningServer;
let probe: Probe;
let cookie: string;
let playerId: string;
let game: GameSnapshot;
let hidden: string[];
let db: Database.Database;
let stored: string;
/** What escaped to the process: in production it would have killed the server. */
const escaped: unknown[] = [];
let escapeNow: ((error: unknown) => void) | undefined;
const onEscape = (error: unknown) => {
  escaped.push(error);
  escapeNow?.(error);
};

/** `work`, unless an exception escapes the server first (then its reply may never come). */
function unlessEscaped<T>(work: Promise<T>): Promise<T> {
  const escaping = new Promise<never>((_, reject) => {
    escapeNow = (error) => reject(new Error(`the server threw: ${String(error)}`));
  });
  return Promise.race([work, escaping]).finally(() => {
    escapeNow = undefined;
  });
}

/** Row counts of everything a frame could create or change. */
const counts = () =>
  JSON.stringify(
    db
      .prepare(
        `SELECT (SELECT count(*) FROM games) AS games, (SELECT count(*) FROM actions) AS actions,
                (SELECT count(*) FROM rooms) AS rooms, (SELECT count(*) FROM players) AS players,
                (SELECT count(*) FROM games WHERE status = 'playing') AS playing`,
      )
      .get(),
  );

beforeAll(async () => {
  process.on('uncaughtException', onEscape);
  process.on('unhandledRejection', onEscape);
  server = await startServer({ deals: fixedDeals });
  const player = await signUp(server.url, 'Fuzzy');
  cookie = player.cookie;
  playerId = player.id;
  const client = await TestClient.connect(server.wsUrl, cookie);
  client.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  game = await client.play((await client.next('game')).game, WINNING.moves.slice(0, PLAYED));
  await client.close();

  // The fixed deal tells the test what is face down; the rules, not the server, say what shows.
  let history = newHistory(newGame('scorpion', { foundations: false, open: false }, WINNING_DECK));
  for (const move of WINNING.moves.slice(0, PLAYED)) {
    const next = play(history, move);
    if (!next.ok) throw new Error(`the winning line does not replay: ${next.reason}`);
    history = next.history;
  }
  const state = currentState(history);
  expect(game.view).toEqual(gate.position(state));
  const visible = visibleCodes(state);
  hidden = WINNING.deck.filter((code) => !visible.has(code));
  expect(hidden.length).toBeGreaterThan(10);

  db = new Database(server.databasePath, { readonly: true });
  stored = counts();
  probe = await Probe.open(server.wsUrl, cookie);
});

afterAll(async () => {
  probe?.close();
  db?.close();
  await server?.close();
  process.off('uncaughtException', onEscape);
  process.off('unhandledRejection', onEscape);
});

/** The answer the protocol documents for a frame: `bad-message`, or the close code. */
function expected(frame: FuzzFrame): 'bad-message' | 1003 | 1007 | 1009 {
  const bytes =
    'text' in frame
      ? Buffer.byteLength(frame.text)
      : 'textBytes' in frame
        ? frame.textBytes.length
        : frame.binary.length;
  if (bytes > MAX_FRAME_BYTES) return 1009;
  if ('binary' in frame) return 1003;
  if ('textBytes' in frame) return 1007;
  return 'bad-message';
}

const sentText = (frame: FuzzFrame) =>
  'text' in frame ? frame.text : Buffer.from('textBytes' in frame ? frame.textBytes : frame.binary).toString('latin1');

/** No hidden card and no seed in `reply`, unless the frame itself said it (an echoed `ref`). */
function assertNoLeak(reply: string, sent: string): void {
  expect(reply, 'the seed').not.toContain(FIXED_SEED);
  for (const code of hidden) {
    if (reply.includes(`"${code}"`) && !sent.includes(code)) throw new Error(`hidden card ${code} in ${reply}`);
  }
}

function assertSameGame(reply: string): void {
  const resumed = GameMessage.parse(JSON.parse(reply)).game;
  expect({ seq: resumed.seq, status: resumed.status, view: resumed.view, moves: resumed.moves }).toEqual({
    seq: game.seq,
    status: game.status,
    view: game.view,
    moves: game.moves,
  });
}

/** How many frames met each answer: the run must have tried every kind. */
const tally = new Map<ReturnType<typeof expected>, number>();

async function check(frame: FuzzFrame): Promise<void> {
  const marker = JSON.stringify({ type: 'game-resume', gameId: game.gameId });
  const want = expected(frame);
  tally.set(want, (tally.get(want) ?? 0) + 1);
  const answer: Exchange = await unlessEscaped(probe.exchange(frame, marker));
  const sent = sentText(frame);
  for (const reply of answer.replies) assertNoLeak(reply, sent);
  expect(escaped, 'an exception escaped the server').toEqual([]);

  if (answer.closed !== undefined) {
    expect(answer.closed, `closed instead of answering ${JSON.stringify(sent.slice(0, 200))}`).toBe(want);
    expect(answer.replies).toEqual([]);
    assertNoLeak(await probe.reconnect(), sent);
    const resumed = await probe.request(marker);
    for (const reply of resumed.replies) assertNoLeak(reply, sent);
    assertSameGame(resumed.replies.at(-1)!);
  } else {
    expect(want, 'the socket stayed open').toBe('bad-message');
    expect(answer.replies).toHaveLength(2);
    const error = ErrorMessage.parse(JSON.parse(answer.replies[0]!));
    expect(error).toMatchObject({ code: 'bad-message', gameId: null, game: null });
    assertSameGame(answer.replies[1]!);
  }

  const me = await fetch(`${server.url}/api/me`, { headers: { cookie } });
  expect(me.status).toBe(200);
  expect(((await me.json()) as { player: { id: string } }).player.id).toBe(playerId);
  expect(counts()).toBe(stored);
}

test(
  `bad frames for ${FUZZ_MS} ms: typed errors or documented closes, nothing changes, nothing leaks`,
  async () => {
    const frames = fuzzFrames({ gameId: game.gameId, seq: game.seq }, MAX_FRAME_BYTES);
    const property = fc.asyncProperty(frames, async (frame) => {
      try {
        await check(frame);
      } catch (error) {
        // The next case starts from a clean socket and a clean slate.
        escaped.length = 0;
        await probe.reconnect();
        throw error;
      }
    });
    // Batches until the time is up: each is its own fc.assert, so a failure shrinks fully and
    // prints the seed that replays it.
    const deadline = Date.now() + FUZZ_MS;
    let runs = 0;
    while (Date.now() < deadline) {
      await fc.assert(property, { numRuns: 100 });
      runs += 100;
    }
    expect(runs).toBeGreaterThanOrEqual(100);
    expect([...tally.keys()].sort()).toEqual([1003, 1007, 1009, 'bad-message']);
    console.info(`fuzz: ${runs} frames`, Object.fromEntries(tally));
  },
  FUZZ_MS + 120_000,
);
