import { type GameState, type Move, parseRecord, replay } from '@scorpion/rules';
import type { MineOptions } from '@scorpion/solver/puzzles';
import { illegalMoveText } from '../illegal-move.ts';
import type { StudyKey } from '../study/key.ts';
import { storedPuzzles } from './run.ts';
import type { PuzzleFile } from './store.ts';

/** A won public game as the miner takes it: its deal, and the moves that stand at its end (a winning line). */
export interface WonGame {
  readonly key: StudyKey;
  /** `deck:` and the deck's codes: the deal's name in the puzzle file, the same for everyone who won it. */
  readonly deal: string;
  readonly start: GameState;
  readonly line: readonly Move[];
}

/** An export file's lines (`scorpion-games-MONTH.jsonl`): its won games, and why any line was not taken. */
export interface ExportRead {
  readonly won: WonGame[];
  /** Games that did not end in a win: no winning line to mine. */
  readonly notWon: number;
  /** `line N: why`, for each line that is not a game whose moves replay to a win. */
  readonly refused: string[];
}

/**
 * Reads an export's lines (docs/open-data.md): each is a game record with what the game was. A
 * won game's moves are checked by the rules to replay, from its deck, to a won position: a line
 * that does not is refused with its reason, and nothing of it is mined.
 */
export function readExport(text: string): ExportRead {
  const won: WonGame[] = [];
  const refused: string[] = [];
  let notWon = 0;
  text.split('\n').forEach((line, at) => {
    if (line.trim() === '') return;
    const where = `line ${at + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      refused.push(`${where}: not JSON`);
      return;
    }
    // A line that is not an object is no record: parseRecord says so below.
    if (typeof value === 'object' && value !== null && (value as { status?: unknown }).status !== 'won') {
      notWon++;
      return;
    }
    const parsed = parseRecord(value);
    if (!parsed.ok) {
      refused.push(`${where}: ${parsed.error}`);
      return;
    }
    const { record, start } = parsed;
    const replayed = replay(start, record.moves);
    if (!replayed.ok) {
      refused.push(`${where}: ${illegalMoveText(replayed.illegalAt, record.moves.length, replayed.reason)}`);
      return;
    }
    if (replayed.status !== 'won') {
      refused.push(`${where}: said won, but its moves end ${replayed.status}`);
      return;
    }
    const key = { variant: record.variant, options: record.options };
    won.push({ key, deal: `deck:${record.deck.join(' ')}`, start, line: record.moves as Move[] });
  });
  return { won, notWon, refused };
}

/**
 * Mines the won games of one variant and options into its `+games` puzzle file, each deal once:
 * a deal already in the file (mined from another game, or in an earlier run) is skipped, and
 * each new deal is appended as it is done, after the file's last. The number of deals mined.
 */
export function runGamesMine(
  games: readonly WonGame[],
  file: PuzzleFile,
  mine: MineOptions,
  now: () => number,
): number {
  const mined = new Set([...file.deals.values()].map((deal) => deal.seed));
  let index = Math.max(-1, ...file.deals.keys()) + 1;
  let done = 0;
  for (const game of games) {
    if (mined.has(game.deal)) continue;
    const started = now();
    const puzzles = storedPuzzles(game.start, game.line, mine);
    file.append({ index: index++, seed: game.deal, ms: Math.round(now() - started), puzzles });
    mined.add(game.deal);
    done++;
  }
  return done;
}
