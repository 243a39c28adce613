import { advanceSnapshot, type GameSnapshot, type VariantId } from '@scorpion/protocol';
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
