import { applyMove, type Card, type GameState, type Move, parseFace, UNKNOWN } from '@scorpion/rules';
import type { GameAction, GameSnapshot } from './game.ts';
import type { Ack } from './server.ts';
import { toGameState } from './view.ts';
import { toWireView } from './wire.ts';

const face = (code: string): Card => parseFace(code) ?? UNKNOWN;

/**
 * The snapshot after `action`, from the snapshot before it and the action's `ack`: what a client
 * does instead of receiving the whole game after every move. The cards the move brought to
 * light come from the ack's events: a deal's cards go into the stock before the move is
 * applied (so the rules see a run the deal completes), a turned card goes in place after it.
 * Then the shared rules judge the move exactly as the server did.
 *
 * Undo and redo need no work here: their ack always holds the whole game.
 *
 * `undefined` when it cannot be done here (the ack is not for the next action, or the move
 * does not apply to this snapshot): the client should then ask for the game (`game-resume`).
 */
export function advanceSnapshot(before: GameSnapshot, action: GameAction, ack: Ack): GameSnapshot | undefined {
  if (ack.game) return ack.game;
  if (ack.gameId !== before.gameId || ack.seq !== before.seq + 1) return undefined;
  if (action.kind === 'undo' || action.kind === 'redo') return undefined;
  let state: GameState = toGameState(before.view);
  for (const event of ack.events) {
    if (event.type === 'dealt') state = { ...state, stock: event.cards.map(face) };
  }
  const result = applyMove(state, action as Move);
  if (!result.ok) return undefined;
  let after = result.state;
  for (const event of ack.events) {
    if (event.type !== 'turned') continue;
    const columns = after.columns.slice();
    const column = columns[event.column]!.slice();
    column[after.hidden[event.column]!] = face(event.card);
    columns[event.column] = column;
    after = { ...after, columns };
  }
  return { ...before, ...ack.update, seq: ack.seq, view: toWireView(after) };
}
