import type { Move } from '@scorpion/rules';

/*
 * A line of moves as a link carries it (`/practice?…&from=m6-5-0.d.m4-3-6`): "Try it yourself"
 * opens practice at a public game's position by its deal and the moves that reach it. Only
 * characters a query keeps as they are: a move is its kind's letter and its numbers, joined by
 * '-', and moves are joined by '.'.
 */

const LETTER = { move: 'm', deal: 'd', reserve: 'r', foundation: 'f', unfoundation: 'u' } as const;

export function lineParam(moves: readonly Move[]): string {
  return moves.map(moveParam).join('.');
}

function moveParam(move: Move): string {
  switch (move.kind) {
    case 'move':
      return `m${move.from}-${move.row}-${move.to}`;
    case 'deal':
      return 'd';
    case 'reserve':
      return `r${move.index}-${move.to}`;
    case 'foundation':
      return `f${move.from}`;
    case 'unfoundation':
      return `u${move.foundation}-${move.to}`;
  }
}

/** The moves a link names, or undefined when any part is not a move (whether they are legal is the rules' to say). */
export function parseLineParam(text: string): Move[] | undefined {
  if (text === '') return [];
  const moves: Move[] = [];
  for (const part of text.split('.')) {
    const match = /^([mdrfu])(\d{1,3}(?:-\d{1,3}){0,2})?$/.exec(part);
    if (!match) return undefined;
    const n = match[2] === undefined ? [] : match[2].split('-').map(Number);
    const move = fromParts(match[1] as (typeof LETTER)[keyof typeof LETTER], n);
    if (!move) return undefined;
    moves.push(move);
  }
  return moves;
}

function fromParts(letter: (typeof LETTER)[keyof typeof LETTER], n: readonly number[]): Move | undefined {
  const [a, b, c] = n;
  if (letter === 'm' && n.length === 3) return { kind: 'move', from: a!, row: b!, to: c! };
  if (letter === 'd' && n.length === 0) return { kind: 'deal' };
  if (letter === 'r' && n.length === 2) return { kind: 'reserve', index: a!, to: b! };
  if (letter === 'f' && n.length === 1) return { kind: 'foundation', from: a! };
  if (letter === 'u' && n.length === 2) return { kind: 'unfoundation', foundation: a!, to: b! };
  return undefined;
}
