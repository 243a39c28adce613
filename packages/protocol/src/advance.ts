import { applyMove, type Card, type GameState, type Move, parseFace, UNKNOWN } from '@scorpion/rules';
import type { GameAction, GameSnapshot, WireView } from './game.ts';
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
 * An undo or a redo is not worked out here but by `SnapshotLine`, from the boards the client has
 * already been shown: this returns `undefined` for one whose ack holds no whole game.
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

/** How many boards back a `SnapshotLine` keeps: an undo further back asks for the game. */
export const LINE_DEPTH = 100;

/**
 * A client's game as a line of boards, for acks of undo and redo, which carry no board: an undo
 * goes back to the board the client was shown before its last move, a redo forward to the one
 * it undid. The player view of a position is the same whenever it is shown, so this is the
 * board the whole game would hold, and no card the player has not seen can come from it.
 *
 * `advance` is `advanceSnapshot` that also keeps the boards; after any whole snapshot the
 * client did not reach through `advance` (a resume, an error's game), `reset` it, as nothing
 * before that snapshot is known. `undefined` from `advance` means the same as from
 * `advanceSnapshot`: ask for the game (as after an undo further back than the boards kept).
 */
export class SnapshotLine {
  /** The boards before the current one, the latest last. */
  readonly #past: WireView[] = [];
  /** The boards undone, the nearest last. */
  readonly #future: WireView[] = [];
  readonly #depth: number;

  constructor(depth = LINE_DEPTH) {
    this.#depth = depth;
  }

  /** The snapshot after the acknowledged action; `move` is the move sent, if it was one. */
  advance(before: GameSnapshot, move: GameAction | undefined, ack: Ack): GameSnapshot | undefined {
    const back = ack.events.some((e) => e.type === 'undo');
    const forward = !back && ack.events.some((e) => e.type === 'redo');
    if (ack.game) {
      this.reset();
      return ack.game;
    }
    if (ack.gameId !== before.gameId || ack.seq !== before.seq + 1) return undefined;
    if (back || forward) {
      const view = (back ? this.#past : this.#future).pop();
      if (!view) return undefined;
      (back ? this.#future : this.#past).push(before.view);
      return { ...before, ...ack.update, seq: ack.seq, view };
    }
    if (!move || move.kind === 'undo' || move.kind === 'redo') return undefined;
    const after = advanceSnapshot(before, move, ack);
    if (!after) return undefined;
    this.#past.push(before.view);
    if (this.#past.length > this.#depth) this.#past.shift();
    this.#future.length = 0;
    return after;
  }

  /** Forgets every board: the next undo or redo asks for the game. */
  reset(): void {
    this.#past.length = 0;
    this.#future.length = 0;
  }
}
