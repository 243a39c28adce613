import { codeA, codeC, codeKind, type FastBoard, KIND_MOVE, Sfc32 } from '@scorpion/rules';

export interface WalkHooks {
  /**
   * Right after `move` was played; `landing`: the length of its target column before; `turned`:
   * it turned a face-down card over.
   */
  played?(move: number, landing: number, turned: boolean): void;
  /** Right after `move` was taken back. */
  undone?(move: number): void;
  /** Whether to go on from the current position (default yes); if not, the walk steps back. */
  goOn?(): boolean;
}

/**
 * For property tests: `steps` random steps on `board`, each playing a random legal move (two
 * times in three) or taking the last one back, so that play and undo of every kind of move
 * get exercised. Returns how many moves of each kind (by code) were played.
 */
export function randomWalk(board: FastBoard, seed: string, steps: number, hooks: WalkHooks): number[] {
  const rng = new Sfc32(seed);
  const moves = new Int32Array(1024);
  const line: number[] = [];
  const kinds = [0, 0, 0, 0, 0, 0, 0, 0];
  for (let step = 0; step < steps; step++) {
    const count = board.generate(moves);
    const forward = count > 0 && (line.length === 0 || rng.below(3) > 0) && (hooks.goOn?.() ?? true);
    if (forward) {
      const move = moves[rng.below(count)]!;
      const landing = board.lengths[codeC(move)]!;
      const from = codeA(move);
      const hidden = codeKind(move) === KIND_MOVE ? board.hidden[from]! : 0;
      board.play(move);
      line.push(move);
      kinds[codeKind(move)]!++;
      hooks.played?.(move, landing, board.hidden[from]! < hidden);
    } else if (line.length > 0) {
      const move = line.pop()!;
      board.undo();
      hooks.undone?.(move);
    }
  }
  return kinds;
}
