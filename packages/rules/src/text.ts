import { type Card, cardCode, FACES, parseFace } from './cards.ts';
import { DEFAULT_OPTIONS, type GameState, type Options } from './state.ts';
import type { VariantId } from './variants.ts';

/**
 * A readable board: one column of text per game column, bottom card first, face-down cards as
 * `##` (or in lowercase with `reveal`), then the stock or reserve and the foundations.
 */
export function formatBoard(state: GameState, reveal = false): string {
  const show = (card: Card, faceDown: boolean) =>
    faceDown ? (reveal && card >= 0 ? cardCode(card).toLowerCase() : '##') : cardCode(card);
  const tallest = Math.max(1, ...state.columns.map((c) => c.length));
  const lines = [
    state.columns
      .map((_, c) => `${c + 1}`.padStart(2).padEnd(3))
      .join(' ')
      .trimEnd(),
  ];
  for (let row = 0; row < tallest; row++) {
    const cells = state.columns.map((column, c) => {
      const card = column[row];
      return card === undefined ? '   ' : ` ${show(card, row < state.hidden[c]!)}`;
    });
    lines.push(cells.join(' ').trimEnd());
  }
  if (state.stock.length > 0) lines.push(`stock: ${state.stock.map((c) => show(c, !reveal)).join(' ')}`);
  if (state.reserve.length > 0) lines.push(`reserve: ${state.reserve.map(cardCode).join(' ')}`);
  if (state.foundations.length > 0) {
    lines.push(`foundations: ${state.foundations.map((run) => cardCode(run[0]!)).join(' ')}`);
  }
  return lines.join('\n');
}

/**
 * Builds a position from text, for tests that read like the game: columns separated by `|`,
 * each bottom card first, face-down cards in lowercase (they must be at the bottom), e.g.
 * `positionFromText('scorpion', 'kh qh 5S | 9D 8D | ')`. Throws on a malformed picture.
 */
export function positionFromText(
  variant: VariantId,
  columnsText: string,
  extra: { stock?: string; reserve?: string; foundations?: string[]; options?: Partial<Options> } = {},
): GameState {
  const copies = new Array<number>(FACES).fill(0);
  const cardsOf = (text: string) =>
    text
      .split(/\s+/)
      .filter(Boolean)
      .map((code) => {
        const f = parseFace(code);
        if (f === undefined) throw new Error(`not a card: ${code}`);
        return copies[f]!++ * FACES + f;
      });
  const hidden: number[] = [];
  const columns = columnsText.split('|').map((text) => {
    const codes = text.split(/\s+/).filter(Boolean);
    const down = codes.filter((code) => code !== code.toUpperCase()).length;
    if (codes.slice(0, down).some((code) => code === code.toUpperCase())) {
      throw new Error(`face-down cards must be at the bottom: ${text}`);
    }
    hidden.push(down);
    return cardsOf(text);
  });
  return {
    variant,
    options: { ...DEFAULT_OPTIONS, ...extra.options },
    columns,
    hidden,
    stock: cardsOf(extra.stock ?? ''),
    reserve: cardsOf(extra.reserve ?? ''),
    foundations: (extra.foundations ?? []).map(cardsOf),
  };
}
