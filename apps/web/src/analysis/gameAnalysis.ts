import type { LineAnalysis, PositionVerdict, PublicGame } from '@scorpion/protocol';
import type { GameState, Move } from '@scorpion/rules';
import { cardIndex } from '../board/cardNames.ts';
import { lineParam } from '../game/lineParam.ts';
import { practiceHref } from '../game/practiceConfig.ts';
import { m } from '../paraglide/messages.js';

/* What the replay page says of a game's analysis, in words and links (the panel only lays it out). */

export const VERDICT_WORDS: Record<PositionVerdict, () => string> = {
  winnable: m.analysis_winnable,
  lost: m.analysis_lost,
  'not-decided': m.analysis_not_decided,
};

/** A move in words, from the position it was played in: "10♦ from column 5 onto column 7". */
export function moveWords(state: GameState, move: Move): string {
  switch (move.kind) {
    case 'move': {
      const card = state.columns[move.from]?.[move.row];
      const what = card === undefined ? m.analysis_a_card() : cardIndex(card);
      const places = { card: what, from: move.from + 1, to: move.to + 1 };
      return state.columns[move.to]?.length === 0 ? m.analysis_move_to_empty(places) : m.analysis_move(places);
    }
    case 'deal':
      return m.analysis_deal();
    case 'reserve': {
      const card = state.reserve[move.index];
      return m.analysis_reserve({ card: card === undefined ? m.analysis_a_card() : cardIndex(card), to: move.to + 1 });
    }
    case 'foundation':
      return m.analysis_foundation({ from: move.from + 1 });
    case 'unfoundation':
      return m.analysis_unfoundation({ to: move.to + 1 });
  }
}

/** The analysis in one sentence: where the deal was lost, or why no move was. */
export function summary(analysis: LineAnalysis, won: boolean): string {
  const { verdicts, turningPoint } = analysis;
  if (turningPoint) return m.analysis_summary_turning({ move: turningPoint.move + 1 });
  if (won) return m.analysis_summary_won();
  if (verdicts.every((v) => v === 'winnable')) return m.analysis_summary_left();
  if (verdicts[0] === 'lost') return m.analysis_summary_lost_from_start();
  const first = verdicts.indexOf('not-decided');
  const last = verdicts.lastIndexOf('not-decided');
  return first === last
    ? m.analysis_summary_undecided_one({ position: first })
    : m.analysis_summary_undecided({ first, last });
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
