import { advanceSnapshot, type GameAction, type GameSnapshot, SnapshotLine, type VariantId } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { someLegalMove } from '../test/play.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** The snapshot minus the clock, which moves between any two frames. */
const timeless = ({ serverTime: _, elapsedMs: __, ...rest }: GameSnapshot) => rest;

for (const variant of ['scorpion', 'wasp', 'three-blind-mice', 'double-scorpion'] as VariantId[]) {
  test(`${variant}: the board worked out from each small ack is the game the server holds`, async () => {
    const player = await signUp(server.url, `Acker ${variant.slice(0, 8)}`);
    const c = await TestClient.connect(server.wsUrl, player.cookie);
    c.send({ type: 'practice-start', variant, options: { foundations: false, open: false } });
    let game = (await c.next('game')).game;
    for (let i = 0; i < 40 && game.status === 'playing'; i++) {
      const move = someLegalMove(game);
      if (!move) break;
      c.send({ type: 'move', gameId: game.gameId, expect: game.seq, move });
      const ack = await c.next('ack');
      if (game.status === 'playing' && !ack.game) {
        // The point of the small ack: no board, no deck, a few hundred bytes.
        expect(c.frames.at(-1)!.length).toBeLessThan(700);
      }
      game = advanceSnapshot(game, move, ack)!;
      c.send({ type: 'game-resume', gameId: game.gameId });
      expect(timeless((await c.next('game')).game)).toEqual(timeless(game));
    }
    await c.close();
  });
}

test('undo and redo are acknowledged without the board, and the client gets back the very board the server holds', async () => {
  const player = await signUp(server.url, 'Undoer');
  const c = await TestClient.connect(server.wsUrl, player.cookie);
  c.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  let game = (await c.next('game')).game;
  const line = new SnapshotLine();
  // Moves, then undos back past turned cards, redos, and a move that drops the redos.
  const plan = ['move', 'move', 'move', 'move', 'undo', 'undo', 'undo', 'redo', 'redo', 'undo', 'move', 'undo', 'redo'];
  let undos = 0;
  for (const step of plan) {
    const move = step === 'move' ? someLegalMove(game) : undefined;
    if (step === 'move' && !move) break;
    const action: GameAction = move ?? { kind: step as 'undo' | 'redo' };
    c.send(
      move
        ? { type: 'move', gameId: game.gameId, expect: game.seq, move }
        : { type: action.kind as 'undo' | 'redo', gameId: game.gameId, expect: game.seq },
    );
    const ack = await c.next('ack');
    expect(ack.game).toBeNull();
    if (!move) {
      undos++;
      // No card at all: the board is one the client was shown.
      expect(ack.events).toEqual([{ type: action.kind }]);
      expect(c.frames.at(-1)!.length).toBeLessThan(400);
    }
    game = line.advance(game, action, ack)!;
    expect(game).toBeDefined();
    c.send({ type: 'game-resume', gameId: game.gameId });
    expect(timeless((await c.next('game')).game)).toEqual(timeless(game));
  }
  expect(undos).toBeGreaterThan(5);
  // A client that was not shown the board (a fresh page, say) cannot work it out, and asks.
  c.send({ type: 'undo', gameId: game.gameId, expect: game.seq });
  expect(new SnapshotLine().advance(game, { kind: 'undo' }, await c.next('ack'))).toBeUndefined();
  await c.close();
});
