import type { Move } from '@scorpion/rules';

/** One string per distinct move, whatever the order of its fields (a stored move is parsed JSON). */
export function moveKey(move: Move): string {
  switch (move.kind) {
    case 'move':
      return `m${move.from}.${move.row}.${move.to}`;
    case 'deal':
      return 'd';
    case 'reserve':
      return `r${move.index}.${move.to}`;
    case 'foundation':
      return `f${move.from}`;
    case 'unfoundation':
      return `u${move.foundation}.${move.to}`;
  }
}
