import type { GameAction } from '../../packages/protocol/src/index.ts';
import {
  type Card,
  canUndo,
  currentState,
  type GameState,
  isWon,
  legalMoves,
  type Move,
  newGame,
  newHistory,
  type Options,
  play,
  undo,
  type VariantId,
} from '../../packages/rules/src/index.ts';

/** A game's deal as the server stored it. */
export interface Deal {
  readonly variant: VariantId;
  readonly options: Options;
  readonly deck: readonly Card[];
}

/**
 * What a bench player does at move number `seq`: a legal move other than the stock deal when
 * there is another (so games last), picked by the move number so that runs repeat; an undo when
 * stuck. Only face-up cards move, so the whole deal and the player's view give the same moves.
 */
export function chooseAction(state: GameState, seq: number): GameAction {
  const moves = legalMoves(state);
  const choices = moves.length > 1 ? moves.filter((m) => m.kind !== 'deal') : moves;
  return choices.length > 0 ? choices[(seq * 7 + 3) % choices.length]! : { kind: 'undo' };
}

/** A player's next actions, each with the frame that sends it (`expect` is its move number). */
export interface Script {
  readonly actions: readonly GameAction[];
  readonly frames: readonly string[];
}

/**
 * Up to `length` actions of `choose` for game `gameId`, from its deal, worked out before
 * the bench's timed window: in the window a player then does what the floor's clients do (send
 * a frame, parse its answer) and the server's round trips are not its own work's. The script
 * stops before a move that would win, so that no race ends in the window, and at an undo with
 * nothing to undo.
 */
export function scriptFor(deal: Deal, gameId: string, length: number, choose = chooseAction): Script {
  let history = newHistory(newGame(deal.variant, deal.options, deal.deck));
  const actions: GameAction[] = [];
  const frames: string[] = [];
  for (let seq = 0; seq < length; seq++) {
    const action = choose(currentState(history), seq);
    if (action.kind === 'undo') {
      if (!canUndo(history)) break;
      history = undo(history);
      frames.push(JSON.stringify({ type: 'undo', gameId, expect: seq }));
    } else {
      const played = play(history, action as Move);
      if (!played.ok) throw new Error(`the bench's own choice ${JSON.stringify(action)} is illegal: ${played.reason}`);
      if (isWon(currentState(played.history))) break;
      history = played.history;
      frames.push(JSON.stringify({ type: 'move', gameId, expect: seq, move: action }));
    }
    actions.push(action);
  }
  return { actions, frames };
}
