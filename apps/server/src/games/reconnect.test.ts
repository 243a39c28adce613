import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { someLegalMove } from '../test/play.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const SEED = '0123456789abcdef0123456789abcdef';

test('moves carry the expected number: duplicates re-acked, stale refused, undo and redo counted, resume after reconnect', async () => {
  const carol = await signUp(server.url, 'Carol');
  let c = await TestClient.connect(server.wsUrl, carol.cookie);
  c.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false }, seed: SEED });
  let game = (await c.next('game')).game;
  expect(game).toMatchObject({ kind: 'practice', ranked: false, seed: SEED, seq: 0 });

  const first = someLegalMove(game, 'first')!;
  game = await c.play(game, [first]);
  const second = someLegalMove(game, 'first')!;
  const acked = await c.play(game, [second]);
  expect(acked.seq).toBe(2);

  const again = await c.act({ type: 'move', gameId: game.gameId, expect: 1, move: second });
  expect(again).toMatchObject({ type: 'ack', duplicate: true, seq: 2 });
  const stale = await c.act({ type: 'move', gameId: game.gameId, expect: 1, move: { kind: 'deal' } });
  expect(stale).toMatchObject({ type: 'error', code: 'stale', game: { seq: 2 } });

  // Undo and redo are acknowledged in the small form too: the client has both boards.
  const undone = await c.act({ type: 'undo', gameId: game.gameId, expect: 2 });
  expect(undone).toMatchObject({ type: 'ack', seq: 3, game: null, update: { canRedo: true, moves: 3, undos: 1 } });
  const redone = await c.act({ type: 'redo', gameId: game.gameId, expect: 3 });
  expect(redone).toMatchObject({ type: 'ack', seq: 4, game: null, update: { canRedo: false, moves: 4 } });
  expect(await c.act({ type: 'redo', gameId: game.gameId, expect: 4 })).toMatchObject({ code: 'nothing-to-redo' });

  // Drop the connection; a new one is told what to resume, and play goes on where it was.
  await c.close();
  c = await TestClient.connect(server.wsUrl, carol.cookie);
  expect(c.welcome.games).toContainEqual({ gameId: game.gameId, kind: 'practice', roomCode: null });
  c.send({ type: 'game-resume', gameId: game.gameId });
  const resumed = (await c.next('game')).game;
  expect(resumed).toMatchObject({ seq: 4, view: acked.view, moves: 4, undos: 1 });
  const third = someLegalMove(resumed, 'first')!;
  expect((await c.play(resumed, [third])).seq).toBe(5);

  // Someone else cannot see or touch it.
  const dave = await signUp(server.url, 'Dave');
  const d = await TestClient.connect(server.wsUrl, dave.cookie);
  d.send({ type: 'game-resume', gameId: game.gameId });
  expect(await d.next('error')).toMatchObject({ code: 'not-your-game', game: null });
  expect(await d.act({ type: 'move', gameId: game.gameId, expect: 5, move: third })).toMatchObject({
    code: 'not-your-game',
    game: null,
  });

  c.send({ type: 'give-up', gameId: game.gameId });
  const ended = (await c.next('game')).game;
  expect(ended.status).toBe('gave-up');
  expect(ended.record?.moves.length).toBeGreaterThan(0);
  expect(await c.act({ type: 'move', gameId: game.gameId, expect: 5, move: third })).toMatchObject({
    code: 'game-over',
  });
  await c.close();
  await d.close();
});

test('the ack of the winning move holds the whole game; sent again after a lost ack, it is acknowledged again', async () => {
  const own = await startServer({ deals: fixedDeals });
  try {
    const erin = await signUp(own.url, 'Erin');
    const c = await TestClient.connect(own.wsUrl, erin.cookie);
    c.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
    const game = (await c.next('game')).game;
    const before = await c.play(game, WINNING.moves.slice(0, -1));
    const last = WINNING.moves.at(-1)!;
    const ack = await c.act({ type: 'move', gameId: game.gameId, expect: before.seq, move: last });
    // The game is over, so its record is public: the ack brings the whole game with it.
    expect(ack).toMatchObject({ type: 'ack', update: { status: 'won' }, game: { status: 'won' } });
    if (ack.type !== 'ack') throw new Error('the winning move was refused');
    expect(ack.game?.record?.moves).toHaveLength(WINNING.moves.length);
    const won = ack.game!;
    expect(won.status).toBe('won');
    expect(await c.act({ type: 'move', gameId: game.gameId, expect: won.seq - 1, move: last })).toMatchObject({
      type: 'ack',
      duplicate: true,
      game: { status: 'won', seq: won.seq },
    });
    await c.close();
  } finally {
    await own.close();
  }
});

test('a game evicted from memory comes back whole from the database', async () => {
  const fay = await signUp(server.url, 'Fay');
  const c = await TestClient.connect(server.wsUrl, fay.cookie);
  c.send({ type: 'practice-start', variant: 'wasp', options: { foundations: true, open: false } });
  const game = await c.play((await c.next('game')).game, []);
  const first = someLegalMove(game, 'first')!;
  const after = await c.play(game, [first]);
  expect(server.app.games.evictIdle(-1)).toBeGreaterThan(0);
  c.send({ type: 'game-resume', gameId: game.gameId });
  expect((await c.next('game')).game).toMatchObject({ seq: 1, view: after.view, moves: 1 });
  await c.close();
});
