import { type ExportInfo, writeExport } from './files.ts';
import { monthIsClosed, parseMonth } from './month.ts';
import { type ExportSource, monthLines } from './records.ts';

export type Built =
  | { readonly ok: true; readonly info: ExportInfo; readonly withheld: number }
  | { readonly ok: false; readonly reason: 'bad-month' | 'month-open' };

/**
 * Makes `month`'s file in `dir` from the stores. Only a closed month is made: its file is then
 * final, and a data user's checksum of it holds (docs/open-data.md says why there is no "so far").
 * `withheld`: finished games of the month left out because their deal is still secret (an arena
 * that runs on past the month's end); made again later, the file takes them in.
 */
export async function buildExport(source: ExportSource, dir: string, month: string, now: number): Promise<Built> {
  if (!parseMonth(month)) return { ok: false, reason: 'bad-month' };
  if (!monthIsClosed(month, now)) return { ok: false, reason: 'month-open' };
  const withheld = { count: 0 };
  const info = await writeExport(dir, month, monthLines(source, month, withheld), now);
  return { ok: true, info, withheld: withheld.count };
}
