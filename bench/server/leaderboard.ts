import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDb } from '../../apps/server/src/db/open.ts';
import { nicknameKey } from '../../apps/server/src/identity/nickname.ts';
import { NICKNAME_KEY_VERSION } from '../../apps/server/src/identity/nickname-keys.ts';
import { dailySortKey } from '../../apps/server/src/repo/sort-key.ts';
import { sqliteBoards } from '../../apps/server/src/repo/sqlite/boards.ts';
import { sqliteWinTimes } from '../../apps/server/src/repo/sqlite/win-times.ts';
import { LIFTED } from '../../apps/server/src/test/helper.ts';
import { ms, percentile, timeItAsync } from './stats.ts';

export interface LeaderboardFigures {
  readonly results: number;
  readonly insertSeconds: number;
  /** [name, median ms, p99 ms] */
  readonly rows: readonly [string, number, number][];
}

const DATE = '2026-06-01';

/**
 * Fills a fresh database with `results` ranked daily results (all on one day: the worst case
 * for that day's board) and as many players with all-time totals, then times the reads.
 */
export async function benchLeaderboards(results = 1_000_000): Promise<LeaderboardFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'scorpion-bench-board-'));
  const path = join(dir, 'board.db');
  try {
    const opened = openDb(path);
    const { db, sqlite } = opened;
    const started = performance.now();
    const addPlayer = sqlite.prepare(
      'INSERT INTO players (id, nickname, nickname_key, token_hash, created_at) VALUES (?, ?, ?, ?, 0)',
    );
    const addResult = sqlite.prepare(
      `INSERT INTO daily_results (date, player_id, game_id, won, time_ms, moves, progress, face_down, verified, sort_key, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
    );
    const addStats = sqlite.prepare(
      `INSERT INTO player_stats (player_id, daily_played, daily_wins, current_streak, best_streak, last_win_date, best_time_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    let won = 0;
    const fill = sqlite.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const id = `p${i}`;
        addPlayer.run(id, `Player ${i}`, nicknameKey(`Player ${i}`), randomBytes(8).toString('hex'));
        const r = {
          won: randomInt(3) > 0,
          timeMs: 60_000 + randomInt(3_600_000),
          moves: 40 + randomInt(200),
          progress: randomInt(53),
          faceDown: randomInt(13),
        };
        if (r.won) won++;
        addResult.run(DATE, id, `g${i}`, r.won ? 1 : 0, r.timeMs, r.moves, r.progress, r.faceDown, dailySortKey(r), i);
        const wins = randomInt(100);
        addStats.run(id, wins + randomInt(50), wins, randomInt(10), randomInt(40), DATE, r.timeMs);
      }
    });
    for (let i = 0; i < results; i += 50_000) fill(i, Math.min(results, i + 50_000));
    sqlite.prepare('INSERT INTO daily_counts (date, played, won) VALUES (?, ?, ?)').run(DATE, results, won);
    // The keys above are the server's own, so the app below has no keys to recompute at start.
    sqlite.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('nickname-key-version', NICKNAME_KEY_VERSION);
    sqlite.pragma('optimize');
    const insertSeconds = (performance.now() - started) / 1000;

    const boards = sqliteBoards(db);
    /** Median and p99 of the times read right after 100 more results (two in three wins) were stored. */
    const timesAfterNewResults = async (): Promise<[number, number]> => {
      await boards.dailyWinTimes(DATE);
      const samples: number[] = [];
      for (let round = 0; round < 50; round++) {
        let newWins = 0;
        sqlite.transaction(() => {
          for (let k = 0; k < 100; k++) {
            const r = {
              won: randomInt(3) > 0,
              timeMs: 60_000 + randomInt(3_600_000),
              moves: 80,
              progress: 40,
              faceDown: 3,
            };
            if (r.won) newWins++;
            const id = `late${round}-${k}`;
            addResult.run(DATE, id, id, r.won ? 1 : 0, r.timeMs, 80, 40, 3, dailySortKey(r), results + k);
          }
          sqlite
            .prepare('UPDATE daily_counts SET played = played + 100, won = won + ? WHERE date = ?')
            .run(newWins, DATE);
        })();
        const started = performance.now();
        await boards.dailyWinTimes(DATE);
        samples.push(performance.now() - started);
      }
      return [percentile(samples, 50), percentile(samples, 99)];
    };
    const rows: [string, number, number][] = [];
    const measure = async (name: string, runs: number, task: () => Promise<unknown>) => {
      await task();
      const samples = await timeItAsync(runs, task);
      rows.push([name, percentile(samples, 50), percentile(samples, 99)]);
    };
    await measure('daily: top page (20)', 500, () => boards.daily(DATE, 0, 20));
    await measure('daily: page 1,000 (20)', 200, () => boards.daily(DATE, 20_000, 20));
    await measure('daily: played / won counts', 500, () => boards.dailyCounts(DATE));
    await measure('daily: own rank, mid-board player', 50, () => boards.dailyRankOf(DATE, `p${results >> 1}`));
    await measure('all-time: most wins top page', 500, () => boards.mostWins(0, 20));
    await measure('all-time: best streak top page', 500, () => boards.longestStreaks(0, 20));
    await measure('all-time: fastest wins top page', 500, () => boards.fastestWins(0, 20));
    await measure('all-time: most wins page 1,000', 100, () => boards.mostWins(20_000, 20));
    await measure('all-time: best streak page 1,000', 100, () => boards.longestStreaks(20_000, 20));
    await measure('all-time: fastest wins page 1,000', 100, () => boards.fastestWins(20_000, 20));
    // Finishing times: the first read of a day walks every win; later ones add the rows stored since
    // (last, as it stores more results).
    await measure('daily: finishing times, first count', 10, async () => sqliteWinTimes(db)(DATE));
    rows.push(['daily: finishing times, 100 new results', ...(await timesAfterNewResults())]);
    await opened.close();

    // The same top page through the real HTTP route (validation, JSON), without a cookie.
    // Hundreds of reads from one address: the boards' rate limit would answer most of them.
    const app = await buildApp({
      databasePath: path,
      secret: 'bench-secret-bench-secret-bench-secret',
      limits: LIFTED,
    });
    const url = `/api/leaderboards/daily?date=${DATE}&page=1&pageSize=20`;
    await app.inject(url);
    const samples = await timeItAsync(300, () => app.inject(url));
    rows.push(['HTTP GET /api/leaderboards/daily top page', percentile(samples, 50), percentile(samples, 99)]);
    // Through the route (binning, JSON) on a fresh process's tally: the warm-up call makes it.
    const timesUrl = `/api/leaderboards/daily/times?date=${DATE}`;
    await app.inject(timesUrl);
    const timesSamples = await timeItAsync(300, () => app.inject(timesUrl));
    rows.push(['HTTP GET /api/leaderboards/daily/times', percentile(timesSamples, 50), percentile(timesSamples, 99)]);
    await app.close();
    return { results, insertSeconds, rows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatLeaderboards(f: LeaderboardFigures): string {
  const lines = [
    `${f.results.toLocaleString('en-US')} ranked results on one day (and as many players with all-time totals), filled in ${f.insertSeconds.toFixed(0)} s.`,
    '',
    '| read | median ms | p99 ms |',
    '|---|---|---|',
    ...f.rows.map(([name, median, p99]) => `| ${name} | ${ms(median)} | ${ms(p99)} |`),
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 1_000_000);
  console.log(formatLeaderboards(await benchLeaderboards(n)));
}
