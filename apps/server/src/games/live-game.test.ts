import type { GameAction } from '@scorpion/protocol';
import { dealFromSeed, gameStatus, legalMoves } from '@scorpion/rules';
import { expect, test } from 'vitest';
import { LiveGame } from './live-game.ts';
import { newGameRow } from './new-row.ts';

/** A deal that always playing its last legal move gets stuck in ten moves. */
const SEED = '81201ba5ff212996e194621a99ff73b3';
const options = { foundations: false, open: false };

function act(game: LiveGame, action: GameAction): void {
  const tried = game.tryAction(action);
  if (!tried.ok) throw new Error(tried.reason);
  game.commit({ seq: game.seq, action, at: 0 }, tried.history, tried.events);
}

test('a game is stuck exactly when the rules say it is lost, after moves, undo and redo', () => {
  const deck = dealFromSeed('scorpion', SEED);
  const game = new LiveGame(
    newGameRow(
      { playerId: 'p', kind: 'practice', variant: 'scorpion', options, seed: SEED, playerSeed: true, deck },
      0,
    ),
    [],
  );
  const isLost = () => gameStatus(game.state) === 'lost';
  while (!game.stuck) {
    expect(isLost()).toBe(false);
    act(game, legalMoves(game.state).at(-1)!);
  }
  expect(isLost()).toBe(true);
  act(game, { kind: 'undo' });
  expect([game.stuck, isLost()]).toEqual([false, false]);
  act(game, { kind: 'redo' });
  expect([game.stuck, isLost()]).toEqual([true, true]);
  // Loaded from its stored actions, it says the same.
  const again = new LiveGame(game.row, game.log);
  expect(again.stuck).toBe(true);
});
