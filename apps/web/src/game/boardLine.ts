import { LINE_DEPTH, type WireView } from '@scorpion/protocol';

/**
 * The boards a game was shown, for the acks of undo and redo, which carry no board: an undo goes
 * back to the board shown before the last move, a redo forward to the one it undid. The player
 * view of a position is the same whenever it is shown, so no card the player has not seen can
 * come from here. After any whole game the client did not reach move by move (a resume, an
 * error's game), `reset` it: nothing before that game is known.
 */
export class BoardLine {
  /** The boards before the current one, the latest last. */
  readonly #past: WireView[] = [];
  /** The boards undone, the nearest last. */
  readonly #future: WireView[] = [];

  /** A move was stored on `before`: it can be undone back to it, and nothing is left to redo. */
  moved(before: WireView): void {
    this.#past.push(before);
    if (this.#past.length > LINE_DEPTH) this.#past.shift();
    this.#future.length = 0;
  }

  /** The board an undo (`back`) or a redo goes to from `current`; undefined past the boards kept. */
  step(current: WireView, back: boolean): WireView | undefined {
    const view = (back ? this.#past : this.#future).pop();
    if (view) (back ? this.#future : this.#past).push(current);
    return view;
  }

  reset(): void {
    this.#past.length = 0;
    this.#future.length = 0;
  }
}
