import { cardCode } from '@scorpion/rules';
import { dayNumber } from '../clock.ts';
import { LiveGame } from '../games/live-game.ts';
import type { GameRow, Repos } from '../repo/types.ts';
import { gate } from '../secrecy.ts';
import type { ExportedGame } from './format.ts';
import { datesOf, monthRange } from './month.ts';

/** What a month's lines are read from: the stores, and the secrecy gate the replay routes use. */
export interface ExportSource {
  readonly repos: Pick<Repos, 'games' | 'players' | 'boards'>;
  readonly isPublic: (row: GameRow) => Promise<boolean>;
}

const PAGE = 500;
/**
 * A daily game ends by its day at the latest, but one left open is only timed out when the
 * server next sweeps: games finished this long after the month are read for its late dailies.
 */
const LATE_DAILY_MS = 7 * 86_400_000;

/** The month's daily boards: each ranked game's rank, and how many results each day's board holds. */
interface DailyBoards {
  readonly ranks: Map<string, number>;
  readonly played: Map<string, number>;
}

/** Reads every day's board of the month (a day's games are only written out once the gate opens them). */
async function dailyBoards(boards: ExportSource['repos']['boards'], month: string): Promise<DailyBoards> {
  const ranks = new Map<string, number>();
  const played = new Map<string, number>();
  for (const date of datesOf(month)) {
    played.set(date, (await boards.dailyCounts(date)).played);
    for (let offset = 0; ; offset += PAGE) {
      const page = await boards.daily(date, offset, PAGE);
      for (const row of page) ranks.set(row.gameId, row.rank);
      if (page.length < PAGE) break;
    }
  }
  return { ranks, played };
}

/** Whether a finished game belongs to the month: a daily by its date, any other by its end. */
function inMonth(row: GameRow, month: string, to: number): boolean {
  return row.kind === 'daily' ? row.dailyDate?.startsWith(`${month}-`) === true : row.finishedAt! < to;
}

/**
 * The month's finished public games, one export line each, in the order they ended. A game whose
 * deal is still secret is left out and counted in `withheld`; hidden players are named
 * `anonymous-N`, numbered as they first appear, so labels hold within one file and link nothing
 * across months.
 */
export async function* monthLines(source: ExportSource, month: string, withheld: { count: number }) {
  const { repos, isPublic } = source;
  const { from, to } = monthRange(month);
  const boards = await dailyBoards(repos.boards, month);
  const names = new Map<string, { nickname: string; hidden: boolean }>();
  const labels = new Map<string, string>();
  let after: { finishedAt: number; id: string } | undefined;
  for (;;) {
    const page = await repos.games.finishedBetween(from, to + LATE_DAILY_MS, after, PAGE);
    if (page.length === 0) return;
    const last = page.at(-1)!;
    after = { finishedAt: last.finishedAt!, id: last.id };
    const unknown = [...new Set(page.map((g) => g.playerId))].filter((id) => !names.has(id));
    for (const p of await repos.players.listing(unknown)) names.set(p.id, p);
    for (const row of page) {
      if (!inMonth(row, month, to)) continue;
      const deck = gate.disclose(await isPublic(row), () => row.deck.map(cardCode));
      if (!deck) {
        withheld.count++;
        continue;
      }
      const moves = new LiveGame(row, await repos.games.actions(row.id)).movesSoFar();
      const name = names.get(row.playerId);
      const shown = name !== undefined && !name.hidden;
      if (!shown && !labels.has(row.playerId)) labels.set(row.playerId, `anonymous-${labels.size + 1}`);
      const line: ExportedGame = {
        variant: row.variant,
        options: row.options,
        deck,
        moves: [...moves],
        kind: row.kind,
        game: shown ? row.id : null,
        player: shown ? name.nickname : labels.get(row.playerId)!,
        ranked: row.ranked,
        status: row.status as ExportedGame['status'],
        timeMs: row.timeMs ?? 0,
        undos: row.undos,
        finishedAt: new Date(row.finishedAt!).toISOString(),
        daily:
          row.kind === 'daily' && row.dailyDate
            ? {
                date: row.dailyDate,
                day: dayNumber(row.dailyDate),
                rank: boards.ranks.get(row.id) ?? null,
                played: boards.played.get(row.dailyDate) ?? 0,
              }
            : null,
      };
      yield `${JSON.stringify(line)}\n`;
    }
  }
}
