import type { LineAnalysis, PositionVerdict, PublicGame } from '@scorpion/protocol';
import type { GameState, Move } from '@scorpion/rules';
import { cardIndex } from '../board/cardNames.ts';
import { lineParam } from '../game/lineParam.ts';
import { practiceHref } from '../game/practiceConfig.ts';

/* What the replay page says of a game's analysis, in words and links (the panel only lays it out). */

export const VERDICT_WORDS: Record<PositionVerdict, string> = {
  winnable: 'winnable',
  lost: 'lost',
  'not-decided': 'not decided',
};

/** A move in words, from the position it was played in: "10♦ from column 5 onto column 7". */
export function moveWords(state: GameState, move: Move): string {
  switch (move.kind) {
    case 'move': {
      const card = state.columns[move.from]?.[move.row];
      const what = card === undefined ? 'a card' : cardIndex(card);
      const onto = state.columns[move.to]?.length === 0 ? 'into the empty column' : 'onto column';
      return `${what} from column ${move.from + 1} ${onto} ${move.to + 1}`;
    }
    case 'deal':
      return 'dealing the stock';
    case 'reserve': {
      const card = state.reserve[move.index];
      return `${card === undefined ? 'a card' : cardIndex(card)} from the reserve onto column ${move.to + 1}`;
    }
    case 'foundation':
      return `the run of column ${move.from + 1} to the foundations`;
    case 'unfoundation':
      return `a card from the foundations onto column ${move.to + 1}`;
  }
}

/** The analysis in one sentence: where the deal was lost, or why no move was. */
export function summary(analysis: LineAnalysis, won: boolean): string {
  const { verdicts, turningPoint } = analysis;
  if (turningPoint)
    return `The deal was winnable until move ${turningPoint.move + 1}: after it, it could no longer be won.`;
  if (won) return 'Won: the deal stayed winnable all the way.';
  if (verdicts.every((v) => v === 'winnable'))
    return 'The deal was still winnable at the last position: it was not lost, only left.';
  if (verdicts[0] === 'lost') return 'This deal could not be won from its first position: no move lost it.';
  const first = verdicts.indexOf('not-decided');
  const last = verdicts.lastIndexOf('not-decided');
  return `The solver could not decide position${first === last ? ` ${first}` : `s ${first} to ${last}`} within its budget: the turning point lies there, or nowhere.`;
}

/**
 * "Try it yourself": practice from the position before the turning point, by the deal's seed
 * and the moves to it (the deal is public by now, so its seed may go in a link).
 */
export function tryItHref(game: PublicGame, turningMove: number): string | undefined {
  if (game.seed === null) return undefined;
  return practiceHref({
    variant: game.record.variant,
    options: game.record.options,
    seed: game.seed,
    from: lineParam(game.record.moves.slice(0, turningMove) as Move[]),
  });
}
