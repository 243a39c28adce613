import type { GameAction } from '@scorpion/protocol';
import {
  canRedo,
  canUndo,
  currentState,
  dealFromSeed,
  faceDownCount,
  gameStatus,
  type History,
  legalMoves,
  movesSoFar,
  newGame,
  newHistory,
  play,
  progressOf,
  redo,
  undo,
} from '@scorpion/rules';
import { expect, test } from 'vitest';
import type { StoredAction } from '../repo/types.ts';
import { LiveGame } from './live-game.ts';
import { newGameRow } from './new-row.ts';

/** A deal that always playing its last legal move gets stuck in ten moves. */
const SEED = '81201ba5ff212996e194621a99ff73b3';
const options = { foundations: false, open: false };

function act(game: LiveGame, action: GameAction): void {
  game.replay({ seq: game.seq, action, at: 0 });
}

/** The game's stored actions, in order. */
function logOf(game: LiveGame): StoredAction[] {
  return Array.from({ length: game.seq }, (_, seq) => game.stored(seq));
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
  const again = new LiveGame(game.row, logOf(game));
  expect(again.stuck).toBe(true);
});

test("its positions follow the rules' history through moves, undos, redos and a move that drops the redos", () => {
  const deck = dealFromSeed('scorpion', SEED);
  const row = newGameRow(
    { playerId: 'p', kind: 'practice', variant: 'scorpion', options, seed: SEED, playerSeed: true, deck },
    0,
  );
  const game = new LiveGame(row, []);
  let history: History = newHistory(newGame('scorpion', options, deck));
  // A fixed walk: two moves forward, one back, sometimes forward again by redo, until stuck.
  for (let step = 0; step < 60 && !game.stuck; step++) {
    let action: GameAction;
    if (step % 3 === 2 && canUndo(history)) action = { kind: 'undo' };
    else if (step % 5 === 4 && canRedo(history)) action = { kind: 'redo' };
    else action = legalMoves(game.state)[step % legalMoves(game.state).length]!;
    act(game, action);
    if (action.kind === 'undo') history = undo(history);
    else if (action.kind === 'redo') history = redo(history);
    else {
      const played = play(history, action);
      if (!played.ok) throw new Error(played.reason);
      history = played.history;
    }
    expect(game.state).toEqual(currentState(history));
    expect([game.canUndo, game.canRedo]).toEqual([canUndo(history), canRedo(history)]);
    expect(game.movesSoFar()).toEqual(movesSoFar(history));
    // The row's tally, kept in place, is what the position and the log say.
    const undos = logOf(game).filter((a) => a.action.kind === 'undo').length;
    const { seq, moves, progress, faceDown } = game.row;
    expect({ seq, moves, undos: game.row.undos, progress, faceDown }).toEqual({
      seq: logOf(game).length,
      moves: logOf(game).length,
      undos,
      progress: progressOf(currentState(history)),
      faceDown: faceDownCount(currentState(history)),
    });
  }
  expect(logOf(game).length).toBeGreaterThan(20);
  const kinds = logOf(game).map((a) => a.action.kind);
  expect(kinds).toContain('undo');
  expect(kinds).toContain('redo');
  // Loaded again from its stored actions, it stands at the same position.
  const again = new LiveGame(game.row, logOf(game));
  expect([again.state, again.canUndo, again.canRedo]).toEqual([game.state, game.canUndo, game.canRedo]);
});
