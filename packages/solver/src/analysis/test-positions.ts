import { type Move, positionFromText } from '@scorpion/rules';

/* The hand-built positions the analysis tests share. */

/*
 * Two suits in four columns, five cards face down (lowercase), three in the stock:
 *
 *   1    kc 7d 8C 8D 4C 2C
 *   2    7c 4d AD JC JD 2D
 *   3    6C 3C QC TD AC 5C
 *   4    6d QD 9D 3D 5D         stock: KD TC 9C
 *
 * Three legal moves. Over the deals the player cannot tell from this one (and winnable from
 * here), AC 5C onto 2C nearly always keeps the deal winnable; with these very cards it loses,
 * and only 4C 2C onto 5C and dealing the stock keep it, which they do in few of those deals. A
 * player who builds onto 2C guessed as anyone would; one who deals or builds onto 5C chose
 * against the odds, rightly.
 */
export const GUESS = positionFromText(
  'scorpion',
  'kc 7d 8C 8D 4C 2C | 7c 4d AD JC JD 2D | 6C 3C QC TD AC 5C | 6d QD 9D 3D 5D',
  {
    stock: 'KD TC 9C',
  },
);
export const FOUR_ONTO_FIVE: Move = { kind: 'move', from: 0, row: 4, to: 2 };
export const ACE_ONTO_TWO: Move = { kind: 'move', from: 2, row: 4, to: 0 };
export const DEAL: Move = { kind: 'deal' };

/*
 * One suit in three columns, the first two empty:
 *
 *   1    2    3
 *             8C 7C 6C KC QC 5C 4C 3C 2C AC JC TC 9C   (bottom to top)
 *
 * Winnable: lift the King's run into an empty column (KC QC 5C … 9C), put 5C … 9C on 6C, then
 * JC TC 9C on QC, then 8C … AC on 9C. Putting 8C 7C 6C on 9C instead buries 5C under its own
 * higher cards for good.
 */
export const BURIED = positionFromText('scorpion', ' | | 8C 7C 6C KC QC 5C 4C 3C 2C AC JC TC 9C');
