import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DailyRanks } from '../../apps/server/src/cluster/adapters/daily-ranks.ts';
import { openRedis } from '../../apps/server/src/cluster/adapters/redis-links.ts';
import { freePort } from '../../apps/server/src/cluster/launcher/engines/ports.ts';
import { startRedis } from '../../apps/server/src/cluster/launcher/engines/redis.ts';
import { openDb } from '../../apps/server/src/db/open.ts';
import { dailySortKey } from '../../apps/server/src/repo/sort-key.ts';
import { sqliteRepos } from '../../apps/server/src/repo/sqlite/index.ts';
import { ms, percentile, timeItAsync } from './stats.ts';

const DATE = '2026-06-01';

export interface RankFigures {
  readonly results: number;
  readonly rebuildSeconds: number;
  /** [name, median ms, p99 ms] */
  readonly rows: readonly [string, number, number][];
}

/**
 * A fresh SQLite file with `results` ranked results on one day (many tied times), a real Redis,
 * the day's sorted set rebuilt from the database; then the top page and players' own ranks, from
 * the SQL path and from the fast path (`DailyRanks`), each read a few hundred times.
 */
export async function benchRedisRanks(results = 1_000_000): Promise<RankFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'scorpion-bench-ranks-'));
  const redis = await startRedis({ dir: join(dir, 'redis'), port: await freePort() });
  const path = join(dir, 'board.db');
  try {
    await fill(path, results);
    const repos = sqliteRepos(path);
    const links = await openRedis(redis.url);
    const ranks = new DailyRanks({ redis: links.commands, repos, now: Date.now });
    const started = performance.now();
    if (!(await ranks.rebuild(DATE))) throw new Error('rebuild did not run');
    const rebuildSeconds = (performance.now() - started) / 1000;

    const rows: [string, number, number][] = [];
    const measure = async (name: string, runs: number, task: () => Promise<unknown>) => {
      await task();
      rows.push([name, ...percentiles(await timeItAsync(runs, task))]);
    };
    const anyone = () => `p${randomInt(results)}`;
    const mid = `p${results >> 1}`;
    await measure('top page (20), SQL', 500, () => repos.boards.daily(DATE, 0, 20));
    await measure('own rank, mid-board player, SQL', 50, () => repos.boards.dailyRankOf(DATE, mid));
    await measure('own rank, random players, SQL', 100, () => repos.boards.dailyRankOf(DATE, anyone()));
    await measure('own rank, mid-board player, Redis', 500, () => ranks.rankOf(DATE, mid));
    await measure('own rank, random players, Redis', 1000, () => ranks.rankOf(DATE, anyone()));
    const fast = await ranks.rankOf(DATE, mid);
    const slow = await repos.boards.dailyRankOf(DATE, mid);
    if (fast?.rank !== slow?.rank) throw new Error(`ranks disagree: ${fast?.rank} ≠ ${slow?.rank}`);
    await links.close();
    await repos.close();
    return { results, rebuildSeconds, rows };
  } finally {
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const percentiles = (samples: number[]): [number, number] => [percentile(samples, 50), percentile(samples, 99)];

/** Players and their results on one day (times on whole seconds, so ties abound), and the day's counts. */
async function fill(path: string, results: number): Promise<void> {
  const opened = openDb(path);
  const { sqlite } = opened;
  const addPlayer = sqlite.prepare(
    'INSERT INTO players (id, nickname, nickname_key, token_hash, created_at) VALUES (?, ?, ?, ?, 0)',
  );
  const addResult = sqlite.prepare(
    `INSERT INTO daily_results (date, player_id, game_id, won, time_ms, moves, progress, face_down, verified, sort_key, finished_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
  );
  let won = 0;
  const batch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const id = `p${i}`;
      addPlayer.run(id, `Player ${i}`, `player ${i}`, id);
      const r = {
        won: randomInt(3) > 0,
        timeMs: 60_000 + randomInt(3_600) * 1000,
        moves: 40 + randomInt(20),
        progress: randomInt(53),
        faceDown: randomInt(13),
      };
      if (r.won) won++;
      addResult.run(
        DATE,
        id,
        `g${i}`,
        r.won ? 1 : 0,
        r.timeMs,
        r.moves,
        r.progress,
        r.faceDown,
        dailySortKey(r),
        i >> 4,
      );
    }
  });
  for (let i = 0; i < results; i += 50_000) batch(i, Math.min(results, i + 50_000));
  sqlite.prepare('INSERT INTO daily_counts (date, played, won) VALUES (?, ?, ?)').run(DATE, results, won);
  sqlite.pragma('optimize');
  await opened.close();
}

export function formatRedisRanks(f: RankFigures): string {
  return [
    `${f.results.toLocaleString('en-US')} ranked results on one day; the sorted set rebuilt from SQLite in ${f.rebuildSeconds.toFixed(1)} s.`,
    '',
    '| read | median ms | p99 ms |',
    '|---|---|---|',
    ...f.rows.map(([name, median, p99]) => `| ${name} | ${ms(median)} | ${ms(p99)} |`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 1_000_000);
  console.log(formatRedisRanks(await benchRedisRanks(n)));
}
